// The bot in the member's language: the language of their Telegram app until they have an account with a saved
// choice, then that choice; command menus per language. Through the real bot and the fake Bot API.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_COMMANDS, configureBot } from '../../bot/src/create-bot';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, commandUpdate, type FakeBotApi, type TelegramPerson } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const PUBLIC_URL = 'https://events.example.org';
let nextTelegramId = 880_000;

describe.each(DATABASE_KINDS)('the bot’s languages on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startBotTestApp(kind, { env: { PUBLIC_URL } });
    botApi = app.botApi;
    admin = await app.admin();
  });
  afterAll(() => app.stop());
  beforeEach(() => {
    botApi.calls.length = 0;
  });

  const person = (language_code?: string): TelegramPerson => ({
    id: ++nextTelegramId,
    first_name: 'Noa',
    language_code,
  });
  const lastReply = () => botApi.callsOf('sendMessage').at(-1)!.params;
  const memberOf = (tg: TelegramPerson) =>
    app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: String(tg.id) } });

  it('When /start comes from a Telegram app in German, then the welcome and its button are German', async () => {
    await app.deliver(commandUpdate(person('de'), '/start'));
    expect(lastReply().text).toBe(
      'Willkommen bei Community Events! Schau dir kommende Events an, sag uns, ob du dabei bist, und bekomm ' +
        'Erinnerungen direkt hier in Telegram.\n\nÖffne die App mit dem Button unten oder schick /events, um zu ' +
        'sehen, was ansteht.',
    );
    expect(lastReply().reply_markup.inline_keyboard).toEqual([
      [{ text: 'Community Events öffnen', web_app: { url: `${PUBLIC_URL}/events` } }],
    ]);
  });

  it('When the Telegram app’s language is one we do not speak, then the organisation’s default answers', async () => {
    await app.deliver(commandUpdate(person('pt-br'), '/my'));
    expect(lastReply().text).toBe(
      'You have not replied to any upcoming event yet. Send /events to see what is coming up.',
    );
  });

  it('When the member has saved a language, then the bot follows it instead of their Telegram app', async () => {
    const tg = person('de');
    await app.deliver(commandUpdate(tg, '/my'));
    expect(lastReply().text).toBe(
      'Du hast noch auf kein kommendes Event geantwortet. Schick /events, um zu sehen, was ansteht.',
    );

    const member = await app.clientFor(await memberOf(tg));
    expect((await member.patch('/api/users/me/language', { language: 'uk' })).status).toBe(200);
    await app.deliver(commandUpdate(tg, '/my'));

    expect(lastReply().text).toBe(
      'Ти ще не відповів(ла) на жодну найближчу подію. Надішли /events, щоб подивитися, що буде.',
    );
  });

  it('When a Russian member lists events and replies, then the list, its buttons, dates and answers are Russian', async () => {
    const created = await admin.client.post('/api/events', {
      name: 'Поход',
      description: 'В горы.',
      date: '2031-12-01T09:00:00.000Z',
      location: 'Youth Centre',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
      capacity: 3,
    });
    expect(created.status).toBe(201);
    const tg = person('ru');

    await app.deliver(commandUpdate(tg, '/events'));
    const list = lastReply();
    expect(list.text).toContain('Ближайшие события:');
    expect(list.text).toContain('Осталось 3 места');
    expect(list.text).toMatch(/пн, 1 дек\.?, 09:00 UTC/);
    const row = list.reply_markup.inline_keyboard.find((buttons: Array<{ text: string }>) =>
      buttons.some((button) => button.text === 'Поход'),
    );
    expect(row[1]).toEqual({ text: 'Я приду', callback_data: `ev:${created.body.id}:a` });

    const sent = botApi.callsOf('sendMessage').at(-1)!;
    const message = { message_id: sent.result.message_id as number, text: sent.params.text as string };
    await app.deliver(callbackUpdate(tg, row[1].callback_data, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('Ответ сохранён: твоё участие обновлено.');
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toContain('Осталось 2 места');
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toContain('Ты: идёшь ✅');
  });

  it('When the bot starts, then it sets its commands in English and in each of our languages', async () => {
    await configureBot(app.bot, PUBLIC_URL);
    const calls = botApi.callsOf('setMyCommands').map((call) => call.params);
    expect(calls[0]).toEqual({ commands: BOT_COMMANDS });
    expect(calls.map((call) => call.language_code ?? null)).toEqual([null, 'en', 'de', 'es', 'fr', 'ru', 'uk', 'ar']);
    expect(calls.find((call) => call.language_code === 'de')!.commands).toEqual([
      { command: 'start', description: 'Willkommen und App öffnen' },
      { command: 'events', description: 'Kommende Events' },
      { command: 'my', description: 'Meine kommenden Events' },
    ]);
    expect(calls.find((call) => call.language_code === 'ar')!.commands[2]).toEqual({
      command: 'my',
      description: 'فعالياتي القادمة',
    });
  });
});
