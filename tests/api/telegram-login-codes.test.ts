import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../api/src/lib/secrets';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createLoginCodesService, type LoginCodesService } from '../../api/src/modules/telegram/login-codes-service';
import { DATABASE_KINDS } from '../support/databases';
import { TestClient } from '../support/http-client';
import { startTestApp, TEST_BOT_ENV, type TestApp } from '../support/test-app';

const EXPIRED = { error: 'Login session expired or invalid' };
const LINK_FAILED = 'Failed to link Telegram account. This account may already be linked to another user.';
const TTL_SECONDS = 120;

const newLoginId = () => randomBytes(18).toString('base64url');
const cookieName = (loginId: string) => `tg_login_${loginId}`;
let nextTelegramId = 700_000_000;
const telegramUser = (fields: { first_name?: string; last_name?: string; username?: string } = {}) => {
  nextTelegramId += 1;
  return { id: nextTelegramId, first_name: 'Kim', last_name: 'Park', username: `kim_${nextTelegramId}`, ...fields };
};

describe.each(DATABASE_KINDS)('Manual Telegram login codes on %s', (kind) => {
  let app: TestApp;
  let codes: LoginCodesService;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: {
        ...TEST_BOT_ENV,
        TELEGRAM_LOGIN_CODE_TTL_SECONDS: String(TTL_SECONDS),
      },
    });
    codes = createLoginCodesService(app.deps);
  });
  afterAll(() => app.stop());
  afterEach(() => app.setNow(new Date()));

  /** A browser that starts the flow: returns it and its login id. */
  async function startFlow(mode?: 'login' | 'link', browser = app.anonymous()) {
    const loginId = newLoginId();
    const res = await browser.post('/api/telegram/register-login', mode ? { loginId, mode } : { loginId }, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' },
    });
    expect(res.status).toBe(200);
    return { browser, loginId };
  }

  it('When the bot info is asked for, then it names the configured bot', async () => {
    const res = await app.anonymous().get('/api/telegram/bot-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'events_test_bot' });
  });

  it('When a browser registers a login id, then it gets the bot link and an httpOnly cookie bound to that id', async () => {
    const loginId = newLoginId();
    const browser = app.anonymous();
    const res = await browser.post('/api/telegram/register-login', { loginId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, botUsername: 'events_test_bot', startParam: `login_${loginId}` });
    const setCookie = res.headers.getSetCookie().find((line) => line.startsWith(`${cookieName(loginId)}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toContain(`Path=/api/telegram/check-login/${loginId}`);
    const token = browser.cookies.get(cookieName(loginId))!;
    const stored = await app.deps.prisma.telegramLoginRequest.findUniqueOrThrow({ where: { id: loginId } });
    expect(stored.browserTokenHash).toBe(sha256(token));
    expect(stored.browserTokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan((TTL_SECONDS - 5) * 1000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThan((TTL_SECONDS + 5) * 1000);
  });

  it('When the bot asks, then it sees the request’s browser, time and purpose', async () => {
    const { loginId } = await startFlow();
    const described = await codes.describe(loginId);
    expect(described).toMatchObject({
      status: 'pending',
      userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0',
      purpose: 'login',
    });
    expect(described!.createdAt).toBeInstanceOf(Date);
    expect(await codes.describe(newLoginId())).toBeNull();
  });

  it('When the code is confirmed in the bot, then the browser collects a session exactly once', async () => {
    const { browser, loginId } = await startFlow();
    const waiting = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(waiting.status).toBe(202);
    expect(waiting.body).toEqual({ status: 'pending' });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);

    const tg = telegramUser({ first_name: ' Kim', last_name: 'Park ' });
    expect(await codes.confirm(loginId, tg)).toBe('confirmed');
    const done = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'complete', telegramId: String(tg.id), username: tg.username });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    const me = await browser.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Kim Park', telegramId: String(tg.id), telegramUsername: tg.username });

    const reused = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(reused.status).toBe(404);
    expect(reused.body).toEqual(EXPIRED);
    expect((await codes.describe(loginId))!.status).toBe('consumed');
    expect(await codes.confirm(loginId, tg)).toBe('already_decided');
  });

  it('When a confirmed code is asked for with HEAD, then it is 405 and the browser still collects it with GET', async () => {
    const { browser, loginId } = await startFlow();
    expect(await codes.confirm(loginId, telegramUser())).toBe('confirmed');
    const head = await browser.request('HEAD', `/api/telegram/check-login/${loginId}`);
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    const done = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(done.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it('When the same Telegram account logs in again by code, then it is the same user', async () => {
    const tg = telegramUser();
    const first = await startFlow();
    await codes.confirm(first.loginId, tg);
    await first.browser.get(`/api/telegram/check-login/${first.loginId}`);
    const second = await startFlow();
    await codes.confirm(second.loginId, tg);
    await second.browser.get(`/api/telegram/check-login/${second.loginId}`);
    const [a, b] = [await first.browser.get('/api/users/me'), await second.browser.get('/api/users/me')];
    expect(a.body.id).toBe(b.body.id);
  });

  it('When another browser asks for a confirmed code, then it gets 404 and the rightful browser still collects', async () => {
    const { browser, loginId } = await startFlow();
    const tg = telegramUser();
    await codes.confirm(loginId, tg);

    const noCookie = app.anonymous();
    expect((await noCookie.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    const wrongCookie = new TestClient(app.url);
    wrongCookie.cookies.set(cookieName(loginId), 'guessed-token');
    const wrong = await wrongCookie.get(`/api/telegram/check-login/${loginId}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(EXPIRED);
    const otherFlow = await startFlow();
    const borrowed = new TestClient(app.url);
    borrowed.cookies.set(cookieName(loginId), otherFlow.browser.cookies.get(cookieName(otherFlow.loginId))!);
    expect((await borrowed.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    for (const stranger of [noCookie, wrongCookie, borrowed]) expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);

    const rightful = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(rightful.status).toBe(200);
    expect(rightful.body.telegramId).toBe(String(tg.id));
  });

  it('When the binding cookie is hostile JSON, then polling is a plain 404', async () => {
    const { loginId } = await startFlow();
    const hostile = new TestClient(app.url);
    hostile.cookies.set(cookieName(loginId), encodeURIComponent('j:{"token":1}'));
    const res = await hostile.get(`/api/telegram/check-login/${loginId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(EXPIRED);
  });

  it('When another browser asks for a pending code, then it learns nothing (404, not 202)', async () => {
    const { loginId } = await startFlow();
    const res = await app.anonymous().get(`/api/telegram/check-login/${loginId}`);
    expect(res.status).toBe(404);
  });

  it('When the browser polls twice at once after confirmation, then only one poll gets the session', async () => {
    const { browser, loginId } = await startFlow();
    await codes.confirm(loginId, telegramUser());
    const twin = new TestClient(app.url);
    twin.cookies.set(cookieName(loginId), browser.cookies.get(cookieName(loginId))!);
    const results = await Promise.all([
      browser.get(`/api/telegram/check-login/${loginId}`),
      twin.get(`/api/telegram/check-login/${loginId}`),
      browser.get(`/api/telegram/check-login/${loginId}`),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 404, 404]);
  });

  it('When the code expires before confirmation, then polling is 404 and the bot is told it expired', async () => {
    const { browser, loginId } = await startFlow();
    app.setNow(new Date(Date.now() + (TTL_SECONDS + 1) * 1000));
    const res = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(EXPIRED);
    expect((await codes.describe(loginId))!.status).toBe('expired');
    expect(await codes.confirm(loginId, telegramUser())).toBe('expired');
    expect(await codes.reject(loginId)).toBe('expired');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('When a confirmed code is not collected in time, then it can no longer be collected', async () => {
    const { browser, loginId } = await startFlow();
    await codes.confirm(loginId, telegramUser());
    app.setNow(new Date(Date.now() + (TTL_SECONDS + 61) * 1000));
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('When the bot confirms just before expiry, then the polling browser still has time to collect', async () => {
    const { browser, loginId } = await startFlow();
    app.setNow(new Date(Date.now() + (TTL_SECONDS - 1) * 1000));
    expect(await codes.confirm(loginId, telegramUser())).toBe('confirmed');
    app.setNow(new Date(Date.now() + (TTL_SECONDS + 5) * 1000));
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(200);
  });

  it('When the user presses Not me, then the browser gets 404 and the code cannot be confirmed later', async () => {
    const { browser, loginId } = await startFlow();
    expect(await codes.reject(loginId)).toBe('rejected');
    const res = await browser.get(`/api/telegram/check-login/${loginId}`);
    expect(res.status).toBe(404);
    expect(await codes.confirm(loginId, telegramUser())).toBe('already_decided');
    expect(await codes.reject(loginId)).toBe('already_decided');
    expect((await codes.describe(loginId))!.status).toBe('rejected');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('When the bot acts on an unknown code, then it is told so', async () => {
    expect(await codes.confirm(newLoginId(), telegramUser())).toBe('unknown');
    expect(await codes.reject(newLoginId())).toBe('unknown');
  });

  it('When a login id is registered twice, then the second is 409 and the first browser keeps it', async () => {
    const { browser, loginId } = await startFlow();
    const intruder = app.anonymous();
    const res = await intruder.post('/api/telegram/register-login', { loginId });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual(expect.any(String));
    expect(intruder.cookies.has(cookieName(loginId))).toBe(false);
    await codes.confirm(loginId, telegramUser());
    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(200);
  });

  it('When the same login id is registered by two browsers at once, then one gets it and the other 409', async () => {
    const loginId = newLoginId();
    const results = await Promise.all(
      [app.anonymous(), app.anonymous(), app.anonymous()].map((browser) =>
        browser.post('/api/telegram/register-login', { loginId }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
  });

  it('When the login id is missing or malformed, then it is 400 and nothing is stored', async () => {
    const before = await app.deps.prisma.telegramLoginRequest.count();
    const cases: Array<[unknown, string]> = [
      [{}, 'Missing login ID parameter'],
      [{ loginId: 12345 }, 'Missing login ID parameter'],
      [{ loginId: 'short' }, 'Invalid login ID'],
      [{ loginId: 'x'.repeat(500) }, 'Invalid login ID'],
      [{ loginId: 'has spaces and ; semicolons!' }, 'Invalid login ID'],
    ];
    for (const [body, error] of cases) {
      const res = await app.anonymous().post('/api/telegram/register-login', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
    const badMode = await app
      .anonymous()
      .post('/api/telegram/register-login', { loginId: newLoginId(), mode: 'admin' });
    expect(badMode.status).toBe(400);
    expect(await app.deps.prisma.telegramLoginRequest.count()).toBe(before);
  });

  it('When an unknown or malformed login id is polled, then it is 404', async () => {
    for (const id of [newLoginId(), 'short', 'x'.repeat(200), '%00']) {
      const res = await app.anonymous().get(`/api/telegram/check-login/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(EXPIRED);
    }
  });

  describe('mode link', () => {
    it('When nobody is signed in, then a link code cannot be registered', async () => {
      const res = await app.anonymous().post('/api/telegram/register-login', { loginId: newLoginId(), mode: 'link' });
      expect(res.status).toBe(401);
    });

    it('When a signed-in user confirms a link code, then the Telegram account is linked to them', async () => {
      const { client, user } = await app.signedIn({ name: 'Linda', googleEmail: 'linda@example.org' });
      const sid = client.cookies.get(SESSION_COOKIE);
      const { loginId } = await startFlow('link', client);
      expect((await codes.describe(loginId))!.purpose).toBe('link');
      const tg = telegramUser();
      expect(await codes.confirm(loginId, tg)).toBe('confirmed');
      const res = await client.get(`/api/telegram/check-login/${loginId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'complete', telegramId: String(tg.id), username: tg.username });
      expect(client.cookies.get(SESSION_COOKIE)).toBe(sid);
      const me = await client.get('/api/users/me');
      expect(me.body).toMatchObject({
        id: user.id,
        name: 'Linda',
        telegramId: String(tg.id),
        telegramUsername: tg.username,
      });
      expect((await client.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    });

    it('When the Telegram account belongs to another user, then linking is 409 and nothing changes', async () => {
      const tg = telegramUser();
      await app.deps.prisma.user.create({ data: { name: 'Owner', telegramId: String(tg.id) } });
      const { client, user } = await app.signedIn();
      const { loginId } = await startFlow('link', client);
      await codes.confirm(loginId, tg);
      const res = await client.get(`/api/telegram/check-login/${loginId}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: LINK_FAILED });
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId).toBeNull();
      expect((await client.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
    });

    it('When the browser has signed in as someone else since, then the link code is not collected', async () => {
      const { client } = await app.signedIn();
      const { loginId } = await startFlow('link', client);
      await codes.confirm(loginId, telegramUser());
      const { user: other } = await app.signedIn();
      const otherSession = (await app.clientFor(other)).cookies.get(SESSION_COOKIE)!;
      client.cookies.set(SESSION_COOKIE, otherSession);
      expect((await client.get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).telegramId).toBeNull();
    });
  });
});

describe.each(DATABASE_KINDS)('Telegram endpoints without a bot on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
  });
  afterAll(() => app.stop());

  it('When no bot is configured, then bot-info is 404 with an error', async () => {
    const res = await app.anonymous().get('/api/telegram/bot-info');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No Telegram bot is configured' });
  });

  it('When login codes are registered too often, then the fourth in a minute gets 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await app.anonymous().post('/api/telegram/register-login', { loginId: newLoginId() })).status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
