import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_TEXT } from '../../bot/src/features/login';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, commandUpdate, startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import { TestClient } from '../support/http-client';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let telegramIds = 424200;

describe.each(DATABASE_KINDS)('manual Telegram login through the bot on %s', (kind) => {
  let app: NotifyApp;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    app = await startNotifyApp(kind, { botApi });
  });
  afterAll(async () => {
    await app.stop();
    await botApi.stop();
  });
  beforeEach(() => {
    botApi.calls.length = 0;
    app.setNow(new Date());
  });

  const person = () => ({ id: ++telegramIds, first_name: 'Ada', last_name: 'Lovelace ', username: 'ada_l' });
  const send = (update: object) => app.bot!.handleUpdate(update as never);
  const lastSent = () => botApi.callsOf('sendMessage').at(-1)!;
  const lastEdit = () => botApi.callsOf('editMessageText').at(-1)!;

  async function startLogin() {
    const browser = new TestClient(app.url, { 'user-agent': CHROME_ON_WINDOWS });
    const loginId = randomBytes(18).toString('base64url');
    const res = await browser.post('/api/telegram/register-login', { loginId });
    expect(res.status).toBe(200);
    expect(res.body.startParam).toBe(`login_${loginId}`);
    return { browser, loginId };
  }

  /** /start login_<id> in the bot; answers the message the bot sent with its buttons. */
  async function openInBot(tg: ReturnType<typeof person>, loginId: string) {
    await send(commandUpdate(tg, `/start login_${loginId}`));
    const sent = lastSent();
    return { message_id: sent.result.message_id as number, text: sent.params.text as string, params: sent.params };
  }

  it('When the user confirms in the bot, then the waiting browser gets complete once and is signed in', async () => {
    const { browser, loginId } = await startLogin();
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(202);

    const tg = person();
    const shown = await openInBot(tg, loginId);
    expect(String(shown.params.chat_id)).toBe(String(tg.id));
    expect(shown.text).toContain('A browser asked to sign in to the website with this Telegram account.');
    expect(shown.text).toContain('Browser: Chrome on Windows');
    expect(shown.text).toMatch(/Requested: .*UTC \(just now\)/);
    expect(shown.params.reply_markup.inline_keyboard[0]).toEqual([
      { text: '✅ Confirm', callback_data: `login:c:${loginId}` },
      { text: '🚫 Not me', callback_data: `login:r:${loginId}` },
    ]);

    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params).toMatchObject({ message_id: shown.message_id, text: LOGIN_TEXT.confirmed });
    expect(botApi.callsOf('answerCallbackQuery')).toHaveLength(1);

    const done = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'complete', telegramId: String(tg.id), username: 'ada_l' });
    const me = await browser.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Ada Lovelace', telegramId: String(tg.id), telegramUsername: 'ada_l' });

    // Confirm pressed again, and the code opened again: both refused; the browser cannot collect twice.
    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.used);
    await openInBot(tg, loginId);
    expect(lastSent().params.text).toBe(LOGIN_TEXT.used);
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
  });

  it('When the user presses Not me, then nobody is signed in and the code is dead', async () => {
    const { browser, loginId } = await startLogin();
    const tg = person();
    const shown = await openInBot(tg, loginId);
    await send(callbackUpdate(tg, `login:r:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.rejected);

    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    expect((await browser.get('/api/users/me')).status).toBe(401);
    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.used);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('When the code has expired, then the bot says so and Confirm does nothing', async () => {
    const { browser, loginId } = await startLogin();
    const tg = person();
    const shown = await openInBot(tg, loginId);
    app.setNow(new Date(Date.now() + (app.config.telegram.loginCodeTtlSeconds + 5) * 1000));

    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.expired);
    await openInBot(tg, loginId);
    expect(lastSent().params.text).toBe(LOGIN_TEXT.expired);
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('When the code is unknown or malformed, then the bot answers clearly', async () => {
    const tg = person();
    await openInBot(tg, randomBytes(18).toString('base64url'));
    expect(lastSent().params.text).toBe(LOGIN_TEXT.unknown);
    await send(commandUpdate(tg, '/start login_<script>'));
    expect(lastSent().params.text).toBe(LOGIN_TEXT.unknown);
    await send(callbackUpdate(tg, 'login:c:short', { message_id: 1, text: 'x' }));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(LOGIN_TEXT.unknown);
  });

  it('When a signed-in user links Telegram through the bot, then the bot says so and the account gets the Telegram id', async () => {
    const { user, client } = await app.signedIn({ name: 'Grace', googleEmail: `grace${Date.now()}@example.org` });
    const loginId = randomBytes(18).toString('base64url');
    expect((await client.post('/api/telegram/register-login', { loginId, mode: 'link' })).status).toBe(200);
    const tg = person();
    const shown = await openInBot(tg, loginId);
    expect(shown.text).toContain('link this Telegram account to an account on the website');
    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.linked);
    const done = await client.get(`/api/telegram/check-login/${loginId}`);
    expect(done.status).toBe(200);
    const me = await client.get('/api/users/me');
    expect(me.body).toMatchObject({ id: user.id, telegramId: String(tg.id) });
  });

  it('When the Telegram account confirming a link belongs to another member, then the link is refused with the SPEC message', async () => {
    const tg = person();
    await app.signedIn({ name: 'Owner', telegramId: String(tg.id) });
    const { client, user } = await app.signedIn({ name: 'Other', googleEmail: `other${Date.now()}@example.org` });
    const loginId = randomBytes(18).toString('base64url');
    expect((await client.post('/api/telegram/register-login', { loginId, mode: 'link' })).status).toBe(200);
    const shown = await openInBot(tg, loginId);
    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    const res = await client.get(`/api/telegram/check-login/${loginId}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Failed to link Telegram account. This account may already be linked to another user.',
    });
    const me = await client.get('/api/users/me');
    expect(me.body).toMatchObject({ id: user.id, telegramId: null });
  });

  it('When a login code is posted in a group chat, then the bot shows no buttons there and the code cannot be confirmed from it', async () => {
    const { browser, loginId } = await startLogin();
    const group = { id: -1001234567, type: 'supergroup' as const, title: 'Book club' };
    const tg = person();
    await send(commandUpdate(tg, `/start login_${loginId}`, group));
    const reply = lastSent();
    expect(reply.params.chat_id).toBe(group.id);
    expect(reply.params.text).toBe(LOGIN_TEXT.privateOnly);
    expect(reply.params.reply_markup).toBeUndefined();

    // A Confirm pressed under a (forged or old) message in a group decides nothing.
    await send(callbackUpdate(tg, `login:c:${loginId}`, { message_id: 9, text: 'x' }, group));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: LOGIN_TEXT.privateOnly,
      show_alert: true,
    });
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(202);

    // The same person in their private chat with the bot can still confirm.
    const shown = await openInBot(tg, loginId);
    await send(callbackUpdate(tg, `login:c:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.confirmed);
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(200);
  });
});
