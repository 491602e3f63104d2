// Without PUBLIC_URL (development) the app's own bot takes its updates by long polling: it drops any webhook,
// polls the fake Bot API and answers; no webhook route is served. On PostgreSQL it polls as the holder of the
// polling lock (the several-instance case is tests/ops/bot-polling-leader.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_TEXT } from '../../bot/src/features/welcome';
import { DATABASE_KINDS } from '../support/databases';
import { commandUpdate, startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import { startTestApp, withFakeBot, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('the bot on long polling (no public URL) on %s', (kind) => {
  let app: TestApp;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    // As production starts it: the system takes the bot's updates itself.
    app = await startTestApp(kind, { ...withFakeBot(botApi), startBot: true });
  });
  afterAll(async () => {
    await app?.stop();
    await botApi?.stop();
  });

  it('When the app starts without a public URL, then its bot drops the webhook, polls, answers /start and sets commands', async () => {
    botApi.queueUpdate(commandUpdate({ id: 31337, first_name: 'Poll' }, '/start'));
    const [reply] = await botApi.waitForCalls('sendMessage', 1);
    expect(reply!.params.chat_id).toBe(31337);
    expect(reply!.params.text).toBe(WELCOME_TEXT);
    await botApi.waitForCalls('setMyCommands', 1);

    const methods = botApi.calls.map((call) => call.method);
    expect(methods.indexOf('deleteWebhook')).toBeGreaterThanOrEqual(0);
    expect(methods.indexOf('deleteWebhook')).toBeLessThan(methods.indexOf('getUpdates'));
    // Only an https page can be a Mini App menu button.
    expect(methods).not.toContain('setChatMenuButton');
    expect(methods).not.toContain('setWebhook');
    expect(botApi.conflicts).toEqual([]);
  });

  it('When the bot polls, then no webhook route is served', async () => {
    const res = await fetch(`${app.url}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(commandUpdate({ id: 31338, first_name: 'Hook' }, '/start')),
    });
    expect(res.status).toBe(404);
  });

  it('When the app stops, then it stops polling', async () => {
    await app.stop();
    const polls = botApi.callsOf('getUpdates').length;
    botApi.queueUpdate(commandUpdate({ id: 31339, first_name: 'Late' }, '/start'));
    // Another poll would take the update at once; give a stray one time to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(botApi.callsOf('getUpdates')).toHaveLength(polls);
    expect(botApi.callsOf('sendMessage').some((call) => call.params.chat_id === 31339)).toBe(false);
  });
});
