import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from 'grammy';
import type { BotContext } from '../../bot/src/i18n';
import { configureBot, createBot } from '../../bot/src/create-bot';
import { botDepsFrom } from '../../api/src/system/telegram-bot';
import { WELCOME_TEXT } from '../../bot/src/features/welcome';
import { commandUpdate, type FakeBotApi } from '../support/fake-bot-api';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

describe('the bot on long polling (no public URL)', () => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let bot: Bot<BotContext>;

  beforeAll(async () => {
    app = await startBotTestApp('pglite');
    botApi = app.botApi;
    // As the composition root builds it without a known identity (getMe on start); no public URL: no webhook.
    bot = createBot(botDepsFrom(app.deps, app.system.services));
  });
  afterAll(async () => {
    if (bot.isRunning()) await bot.stop();
    await app.stop();
  });

  it('When the bot polls, then it drops any webhook, answers updates, and sets commands but no Mini App menu', async () => {
    void bot.start({ onStart: () => void configureBot(bot, app.config.publicUrl) });
    botApi.queueUpdate(commandUpdate({ id: 31337, first_name: 'Poll' }, '/start'));
    const [reply] = await botApi.waitForCalls('sendMessage', 1);
    expect(reply!.params.text).toBe(WELCOME_TEXT);
    expect(reply!.params.reply_markup).toBeUndefined();
    await botApi.waitForCalls('setMyCommands', 1);
    await bot.stop();

    const methods = botApi.calls.map((call) => call.method);
    expect(methods).toContain('getMe');
    expect(methods).toContain('deleteWebhook');
    expect(methods).toContain('getUpdates');
    expect(methods).not.toContain('setChatMenuButton');
  });
});
