// The manual Telegram login through the bot, against the local fake Bot API: the bot shows where the request
// came from and asks for the code the browser shows; a tap on a button can only cancel.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_TEXT } from '../../bot/src/features/login';
import { otherCode, startLoginCode } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, commandUpdate, type FakeBotApi } from '../support/fake-bot-api';
import { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let telegramIds = 424200;

describe.each(DATABASE_KINDS)('manual Telegram login through the bot on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    app = await startBotTestApp(kind);
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(() => {
    botApi.calls.length = 0;
    app.setNow(new Date());
  });

  const person = () => ({ id: ++telegramIds, first_name: 'Ada', last_name: 'Lovelace ', username: 'ada_l' });
  type Person = ReturnType<typeof person>;
  const send = (update: object) => app.sendUpdate(update);
  const sent = () => botApi.callsOf('sendMessage');
  const lastSent = () => sent().at(-1)!;
  const lastEdit = () => botApi.callsOf('editMessageText').at(-1)!;
  const lastAnswer = () => botApi.callsOf('answerCallbackQuery').at(-1)!;
  const poll = (browser: TestClient, loginId: string) => browser.get(`/api/telegram/check-login/${loginId}`);

  /** A browser clicks "Log in with the Telegram app": it gets a login id and the code to type in the bot. */
  async function startLogin(headers: Record<string, string> = { 'user-agent': CHROME_ON_WINDOWS }) {
    const browser = new TestClient(app.url, headers);
    const { loginId, code, startParam } = await startLoginCode(browser);
    expect(startParam).toBe(`login_${loginId}`);
    return { browser, loginId, code };
  }

  /** /start login_<id> in the bot; answers the message the bot sent with its button. */
  async function openInBot(tg: Person, loginId: string) {
    await send(commandUpdate(tg, `/start login_${loginId}`));
    const message = lastSent();
    return {
      message_id: message.result.message_id as number,
      text: message.params.text as string,
      params: message.params,
    };
  }

  /** The person types a message in their private chat with the bot; the bot's replies to it. */
  async function type(tg: Person, text: string) {
    const before = sent().length;
    await send(commandUpdate(tg, text));
    return sent()
      .slice(before)
      .map((call) => call.params.text as string);
  }

  it('When a login is opened in the bot, then it shows browser, network and time, never the code, and only Not me', async () => {
    const { loginId, code } = await startLogin();
    const tg = person();
    const shown = await openInBot(tg, loginId);
    expect(String(shown.params.chat_id)).toBe(String(tg.id));
    const lines = shown.text.split('\n');
    expect(lines[0]).toBe('A browser asked to sign in to the website with this Telegram account.');
    expect(lines).toContain('Browser: Chrome on Windows');
    expect(lines).toContain('Network: 127.0.0.x');
    expect(shown.text).toMatch(/Requested: .*UTC \(just now\)/);
    expect(shown.text).toContain('type here the code shown in that browser');
    // The code is what proves the person sees the browser: the bot must not show it (the Requested line holds
    // the time and year, which may contain any four digits).
    expect(lines.filter((line) => !line.startsWith('Requested:')).join('\n')).not.toContain(code);
    expect(shown.params.reply_markup.inline_keyboard).toEqual([
      [{ text: '🚫 Not me', callback_data: `login:r:${loginId}` }],
    ]);
  });

  it('When a browser spoofs its User-Agent and address, then the bot still shows the real network, and a bare Confirm tap signs nobody in', async () => {
    // The attacker's browser claims to be the victim's usual Chrome on Windows and another address.
    const { browser, loginId, code } = await startLogin({
      'user-agent': CHROME_ON_WINDOWS,
      'x-forwarded-for': '203.0.113.7',
    });
    const victim = person();
    const shown = await openInBot(victim, loginId);
    expect(shown.text).toContain('Browser: Chrome on Windows');
    expect(shown.text).toContain('Network: 127.0.0.x');
    expect(shown.text).not.toContain('203.0.113');

    // The victim, fooled by the familiar browser, taps what the old message had: "Confirm". It is unknown now.
    const edits = botApi.callsOf('editMessageText').length;
    await send(callbackUpdate(victim, `login:c:${loginId}`, shown));
    expect(lastAnswer().params).toMatchObject({ text: LOGIN_TEXT.unknown, show_alert: true });
    expect(botApi.callsOf('editMessageText')).toHaveLength(edits);
    expect(sent().map((call) => call.params.text)).not.toContain(LOGIN_TEXT.confirmed);
    expect((await poll(browser, loginId)).status).toBe(202);
    expect((await browser.get('/api/users/me')).status).toBe(401);

    // A guess at the code is wrong and counted; the attacker's page still waits, signed in as nobody.
    expect(await type(victim, otherCode(code))).toEqual([LOGIN_TEXT.wrongCode(2)]);
    expect((await poll(browser, loginId)).status).toBe(202);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('When the person types the code shown in the browser, then the browser gets complete once and is signed in', async () => {
    const { browser, loginId, code } = await startLogin();
    expect((await poll(browser, loginId)).status).toBe(202);
    const tg = person();
    await openInBot(tg, loginId);
    expect((await poll(browser, loginId)).status).toBe(202);

    // Typed the way the browser spaces it out.
    expect(await type(tg, ` ${code.split('').join(' ')} `)).toEqual([LOGIN_TEXT.confirmed]);
    const done = await poll(browser, loginId);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'complete', telegramId: String(tg.id), username: 'ada_l' });
    const me = await browser.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Ada Lovelace', telegramId: String(tg.id), telegramUsername: 'ada_l' });

    // The code again, and the link again: nothing more happens; the browser cannot collect twice.
    expect(await type(tg, code)).toEqual([]);
    await openInBot(tg, loginId);
    expect(lastSent().params.text).toBe(LOGIN_TEXT.used);
    expect((await poll(browser, loginId)).status).toBe(404);
  });

  it('When three wrong codes are typed, then the request is cancelled and the right code no longer works', async () => {
    const { browser, loginId, code } = await startLogin();
    const tg = person();
    await openInBot(tg, loginId);
    expect(await type(tg, otherCode(code, 1))).toEqual([LOGIN_TEXT.wrongCode(2)]);
    expect((await poll(browser, loginId)).status).toBe(202);
    expect(await type(tg, otherCode(code, 2))).toEqual([LOGIN_TEXT.wrongCode(1)]);
    expect(await type(tg, otherCode(code, 3))).toEqual([LOGIN_TEXT.locked]);

    const gone = await poll(browser, loginId);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: expect.any(String), error: 'Login session expired or invalid' });
    expect(await type(tg, code)).toEqual([]);
    expect((await browser.get('/api/users/me')).status).toBe(401);
    await openInBot(tg, loginId);
    expect(lastSent().params.text).toBe(LOGIN_TEXT.used);
  });

  it('When someone who never opened the link types the code, then nothing is confirmed', async () => {
    const { browser, loginId, code } = await startLogin();
    const onlooker = person();
    expect(await type(onlooker, code)).toEqual([]);
    expect((await poll(browser, loginId)).status).toBe(202);
  });

  it('When the person presses Not me, then nobody is signed in and the code is dead', async () => {
    const { browser, loginId, code } = await startLogin();
    const tg = person();
    const shown = await openInBot(tg, loginId);
    await send(callbackUpdate(tg, `login:r:${loginId}`, shown));
    expect(lastEdit().params).toMatchObject({ message_id: shown.message_id, text: LOGIN_TEXT.rejected });

    expect((await poll(browser, loginId)).status).toBe(404);
    expect(await type(tg, code)).toEqual([]);
    await send(callbackUpdate(tg, `login:r:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.used);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('When the code has expired, then the bot says so and typing the code does nothing', async () => {
    const { browser, loginId, code } = await startLogin();
    const tg = person();
    const shown = await openInBot(tg, loginId);
    app.setNow(new Date(Date.now() + (app.config.telegram.loginCodeTtlSeconds + 5) * 1000));

    expect(await type(tg, code)).toEqual([]);
    await send(callbackUpdate(tg, `login:r:${loginId}`, shown));
    expect(lastEdit().params.text).toBe(LOGIN_TEXT.expired);
    await openInBot(tg, loginId);
    expect(lastSent().params.text).toBe(LOGIN_TEXT.expired);
    expect((await poll(browser, loginId)).status).toBe(404);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('When the code is unknown or malformed, then the bot answers clearly', async () => {
    const tg = person();
    await openInBot(tg, 'A'.repeat(32));
    expect(lastSent().params.text).toBe(LOGIN_TEXT.unknown);
    await send(commandUpdate(tg, '/start login_<script>'));
    expect(lastSent().params.text).toBe(LOGIN_TEXT.unknown);
    for (const data of ['login:c:short', `login:c:${'A'.repeat(32)}`, 'login:x']) {
      await send(callbackUpdate(tg, data, { message_id: 1, text: 'x' }));
      expect(lastAnswer().params).toMatchObject({ text: LOGIN_TEXT.unknown, show_alert: true });
    }
  });

  it('When a signed-in member links Telegram through the bot, then the bot names their account and the account gets the Telegram id', async () => {
    const { user, client } = await app.signedIn({ name: 'Grace', googleEmail: `grace${Date.now()}@example.org` });
    const { loginId, code } = await startLoginCode(client, 'link');
    const tg = person();
    const shown = await openInBot(tg, loginId);
    expect(shown.text).toContain('link this Telegram account to the website account “Grace”');
    expect(shown.text).toContain('Network: 127.0.0.x');
    expect(await type(tg, code)).toEqual([LOGIN_TEXT.linked]);
    const done = await poll(client, loginId);
    expect(done.status).toBe(200);
    const me = await client.get('/api/users/me');
    expect(me.body).toMatchObject({ id: user.id, telegramId: String(tg.id) });
  });

  it('When the Telegram account confirming a link belongs to another member, then the link is refused with the SPEC message', async () => {
    const tg = person();
    await app.signedIn({ name: 'Owner', telegramId: String(tg.id) });
    const { client, user } = await app.signedIn({ name: 'Other', googleEmail: `other${Date.now()}@example.org` });
    const { loginId, code } = await startLoginCode(client, 'link');
    await openInBot(tg, loginId);
    expect(await type(tg, code)).toEqual([LOGIN_TEXT.linked]);
    const res = await poll(client, loginId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: expect.any(String),
      error: 'Failed to link Telegram account. This account may already be linked to another user.',
    });
    const me = await client.get('/api/users/me');
    expect(me.body).toMatchObject({ id: user.id, telegramId: null });
  });

  it('When a login code is posted in a group chat, then the bot shows nothing to act on there and nothing there confirms it', async () => {
    const { browser, loginId, code } = await startLogin();
    const group = { id: -1001234567, type: 'supergroup' as const, title: 'Book club' };
    const tg = person();
    await send(commandUpdate(tg, `/start login_${loginId}`, group));
    const reply = lastSent();
    expect(reply.params.chat_id).toBe(group.id);
    expect(reply.params.text).toBe(LOGIN_TEXT.privateOnly);
    expect(reply.params.reply_markup).toBeUndefined();

    // The code typed in the group, and buttons pressed under a (forged or old) message there, decide nothing.
    const before = sent().length;
    await send(commandUpdate(tg, code, group));
    expect(sent()).toHaveLength(before);
    for (const data of [`login:c:${loginId}`, `login:r:${loginId}`]) {
      await send(callbackUpdate(tg, data, { message_id: 9, text: 'x' }, group));
      expect(lastAnswer().params).toMatchObject({ show_alert: true });
    }
    expect(lastAnswer().params.text).toBe(LOGIN_TEXT.privateOnly);
    expect((await poll(browser, loginId)).status).toBe(202);

    // The same person in their private chat with the bot can still confirm by typing the code.
    await openInBot(tg, loginId);
    expect(await type(tg, code)).toEqual([LOGIN_TEXT.confirmed]);
    expect((await poll(browser, loginId)).status).toBe(200);
  });
});
