// The manual Telegram login (login codes) as a browser and as an attacker see it: the server creates every
// login id for the browser that spent its own state, only that browser collects the result, and the bot
// confirms only when the person types the code that browser shows.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../api/src/lib/secrets';
import { BROWSER_COOKIE, STATE_REFUSED } from '../../api/src/modules/auth/auth-states';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import {
  createLoginCodesService,
  MAX_CODE_ATTEMPTS,
  type LoginCodesService,
} from '../../api/src/modules/telegram/login-codes-service';
import { authState, otherCode, startLoginCode } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import { TestClient } from '../support/http-client';
import { startTestApp, TEST_BOT_ENV, type TestApp } from '../support/test-app';

const EXPIRED = { code: expect.any(String), error: 'Login session expired or invalid' };
const REFUSED = { code: expect.any(String), error: STATE_REFUSED };
const LINK_FAILED = 'Failed to link Telegram account. This account may already be linked to another user.';
const TTL_SECONDS = 120;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

const newLoginId = () => randomBytes(18).toString('base64url');
let nextTelegramId = 700_000_000;
const telegramUser = (fields: { first_name?: string; last_name?: string; username?: string } = {}) => {
  nextTelegramId += 1;
  return { id: nextTelegramId, first_name: 'Kim', last_name: 'Park', username: `kim_${nextTelegramId}`, ...fields };
};
type TelegramUser = ReturnType<typeof telegramUser>;

describe.each(DATABASE_KINDS)('Manual Telegram login codes on %s', (kind) => {
  let app: TestApp;
  let codes: LoginCodesService;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { ...TEST_BOT_ENV, TELEGRAM_LOGIN_CODE_TTL_SECONDS: String(TTL_SECONDS) },
    });
    codes = createLoginCodesService(app.deps);
  });
  afterAll(() => app.stop());
  afterEach(() => app.setNow(new Date()));

  const browser = () => new TestClient(app.url, { 'user-agent': FIREFOX });
  const later = (seconds: number) => app.setNow(new Date(Date.now() + seconds * 1000));
  const loginRows = () => app.deps.prisma.telegramLoginRequest.count();
  const poll = (client: TestClient, loginId: string) => client.get(`/api/telegram/check-login/${loginId}`);

  /** A browser that clicked Login (or Link): the browser, its login id and the code it shows. */
  async function startFlow(mode: 'login' | 'link' = 'login', client = browser()) {
    const started = await startLoginCode(client, mode);
    return { browser: client, loginId: started.loginId, code: started.code };
  }

  /** What the bot does: the Telegram user opens /start login_<id>, then types a code. */
  async function typeInBot(tg: TelegramUser, loginId: string, typed: string) {
    expect(await codes.claim(loginId, tg.id)).toBe('claimed');
    return codes.confirmWithCode(tg, typed);
  }

  async function confirmInBot(tg: TelegramUser, loginId: string, code: string) {
    expect(await typeInBot(tg, loginId, code)).toEqual({ outcome: 'confirmed', purpose: expect.any(String) });
  }

  it('When the bot info is asked for, then it names the configured bot', async () => {
    const res = await app.anonymous().get('/api/telegram/bot-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'events_test_bot' });
  });

  describe('POST /api/auth/state', () => {
    it('When a browser asks for state, then it gets a 30-minute state and an httpOnly, SameSite=Strict cookie for /api', async () => {
      const client = app.anonymous();
      const res = await client.post('/api/auth/state', { purpose: 'login' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        state: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
        expiresAt: expect.any(String),
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const ttl = Date.parse(res.body.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(29 * 60_000);
      expect(ttl).toBeLessThanOrEqual(30 * 60_000);
      const setCookie = res.headers.getSetCookie().find((line) => line.startsWith(`${BROWSER_COOKIE}=`))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).toMatch(/Path=\/api(;|$)/);
      const token = client.cookies.get(BROWSER_COOKIE)!;
      const stored = await app.deps.prisma.authState.findUniqueOrThrow({ where: { id: res.body.state } });
      expect(stored).toMatchObject({ browserHash: sha256(token), purpose: 'login', userId: null, usedAt: null });

      // The same browser asking again keeps its cookie and gets a different state.
      const again = await client.post('/api/auth/state', { purpose: 'login' });
      expect(again.status).toBe(200);
      expect(again.headers.getSetCookie().some((line) => line.startsWith(`${BROWSER_COOKIE}=`))).toBe(false);
      expect(again.body.state).not.toBe(res.body.state);
      expect(client.cookies.get(BROWSER_COOKIE)).toBe(token);
    });

    it('When state for linking is asked for, then only a signed-in user gets it, bound to them', async () => {
      const anonymous = await app.anonymous().post('/api/auth/state', { purpose: 'link' });
      expect(anonymous.status).toBe(401);
      const { client, user } = await app.signedIn();
      const res = await client.post('/api/auth/state', { purpose: 'link' });
      expect(res.status).toBe(200);
      const stored = await app.deps.prisma.authState.findUniqueOrThrow({ where: { id: res.body.state } });
      expect(stored).toMatchObject({ purpose: 'link', userId: user.id });
      for (const body of [{}, { purpose: 'admin' }, { purpose: ['login'] }]) {
        expect((await client.post('/api/auth/state', body)).status).toBe(400);
      }
    });
  });

  describe('POST /api/telegram/register-login', () => {
    it('When a browser starts a login with its state, then the server creates the id and a 4-digit code bound to that browser', async () => {
      const client = browser();
      const state = await authState(client);
      const res = await client.post('/api/telegram/register-login', { mode: 'login', state });
      expect(res.status).toBe(200);
      const { loginId } = res.body;
      expect(res.body).toEqual({
        success: true,
        loginId: expect.stringMatching(/^[A-Za-z0-9_-]{16,48}$/),
        code: expect.stringMatching(/^\d{4}$/),
        expiresAt: expect.any(String),
        botUsername: 'events_test_bot',
        startParam: `login_${loginId}`,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      // No cookie per code: the binding is the browser's auth_browser cookie.
      expect([...client.cookies.keys()]).toEqual([BROWSER_COOKIE]);
      const stored = await app.deps.prisma.telegramLoginRequest.findUniqueOrThrow({ where: { id: loginId } });
      expect(stored).toMatchObject({
        browserTokenHash: sha256(client.cookies.get(BROWSER_COOKIE)!),
        verificationCode: res.body.code,
        userAgent: FIREFOX,
        requesterNetwork: '127.0.0.x',
        purpose: 'login',
        status: 'pending',
      });
      const ttl = stored.expiresAt.getTime() - stored.createdAt.getTime();
      expect(ttl).toBeGreaterThan((TTL_SECONDS - 5) * 1000);
      expect(ttl).toBeLessThan((TTL_SECONDS + 5) * 1000);
      expect((await poll(client, loginId)).status).toBe(202);
    });

    it('When a client names a login id of its choosing, then nothing is created and it is 404', async () => {
      const before = await loginRows();
      const { client: signedIn } = await app.signedIn();
      const chosen = newLoginId();
      const attempts: Array<[TestClient, unknown]> = [
        [app.anonymous(), { loginId: chosen }],
        [signedIn, { loginId: chosen }],
        // A link registration naming its own login id.
        [signedIn, { loginId: chosen, mode: 'link' }],
        [app.anonymous(), { loginId: chosen, mode: 'login' }],
      ];
      for (const [client, body] of attempts) {
        const res = await client.post('/api/telegram/register-login', body);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(EXPIRED);
      }
      // Even with a valid state of its own beside it, the chosen id is never created.
      const client = browser();
      const state = await authState(client);
      const smuggled = await client.post('/api/telegram/register-login', { loginId: chosen, mode: 'login', state });
      expect(smuggled.status).toBe(404);
      expect(await app.deps.prisma.telegramLoginRequest.findUnique({ where: { id: chosen } })).toBeNull();
      expect(await loginRows()).toBe(before);
      expect((await poll(signedIn, chosen)).status).toBe(404);
    });

    it('When state is missing, malformed, unknown or has no matching browser cookie, then it is 403 and nothing is created', async () => {
      const before = await loginRows();
      const client = browser();
      const state = await authState(client);
      const cases: Array<[TestClient, unknown]> = [
        [client, {}],
        [client, { mode: 'login' }],
        [client, { mode: 'login', state: '' }],
        [client, { mode: 'login', state: 'has spaces; and = signs' }],
        [client, { mode: 'login', state: newLoginId() }],
        // The state travels without its cookie (read from a URL, a log, a Referer).
        [app.anonymous(), { mode: 'login', state }],
      ];
      for (const [who, body] of cases) {
        const res = await who.post('/api/telegram/register-login', body);
        expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 403, answer: REFUSED });
      }
      expect(await loginRows()).toBe(before);
      // None of that spent the state: its own browser can still use it.
      const res = await client.post('/api/telegram/register-login', { mode: 'login', state });
      expect(res.status).toBe(200);
    });

    it('When a browser sends the state another browser was given, then it is 403 and nothing is created', async () => {
      const attacker = browser();
      const victim = browser();
      await authState(victim); // the victim has a binding cookie of its own
      const attackerState = await authState(attacker);
      const before = await loginRows();
      const res = await victim.post('/api/telegram/register-login', { mode: 'login', state: attackerState });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
      expect(await loginRows()).toBe(before);
    });

    it('When a state is used twice, or by parallel requests, then only one code is created', async () => {
      const client = browser();
      const state = await authState(client);
      expect((await client.post('/api/telegram/register-login', { mode: 'login', state })).status).toBe(200);
      const reused = await client.post('/api/telegram/register-login', { mode: 'login', state });
      expect(reused.status).toBe(403);
      expect(reused.body).toEqual(REFUSED);

      const racing = await authState(client);
      const before = await loginRows();
      const results = await Promise.all(
        [1, 2, 3].map(() => client.post('/api/telegram/register-login', { mode: 'login', state: racing })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 403, 403]);
      expect(await loginRows()).toBe(before + 1);
    });

    it('When the state is for the other purpose or has expired, then it is 403', async () => {
      const { client } = await app.signedIn();
      const linkState = await authState(client, 'link');
      const wrongPurpose = await client.post('/api/telegram/register-login', { mode: 'login', state: linkState });
      expect(wrongPurpose.status).toBe(403);
      const loginState = await authState(client, 'login');
      expect((await client.post('/api/telegram/register-login', { mode: 'link', state: loginState })).status).toBe(403);

      const old = await authState(client, 'login');
      later(30 * 60 + 1);
      const expired = await client.post('/api/telegram/register-login', { mode: 'login', state: old });
      expect(expired.status).toBe(403);
      expect(expired.body).toEqual(REFUSED);
    });

    it('When the mode is not login or link, then it is 400 and nothing is created', async () => {
      const client = browser();
      const state = await authState(client);
      const before = await loginRows();
      for (const mode of ['admin', 1, ['login']]) {
        const res = await client.post('/api/telegram/register-login', { mode, state });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), error: expect.any(String) });
      }
      expect(await loginRows()).toBe(before);
    });

    it('When the page reloads, then only the browser that created the pending code gets it again', async () => {
      const { browser: owner, loginId, code } = await startFlow();
      const again = await owner.post('/api/telegram/register-login', { loginId });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ success: true, loginId, code, startParam: `login_${loginId}` });

      const stranger = browser();
      await authState(stranger);
      const guessed = new TestClient(app.url);
      guessed.cookies.set(BROWSER_COOKIE, 'guessed-token');
      for (const other of [app.anonymous(), stranger, guessed]) {
        const res = await other.post('/api/telegram/register-login', { loginId });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(EXPIRED);
        expect(res.text).not.toContain(code);
      }

      await confirmInBot(telegramUser(), loginId, code);
      expect((await owner.post('/api/telegram/register-login', { loginId })).status).toBe(404);
    });
  });

  describe('the bot asks for the code', () => {
    it('When the bot opens a code, then it sees the browser, network, time and purpose, and never the code', async () => {
      const { loginId, code } = await startFlow();
      const described = await codes.describe(loginId);
      expect(described).toMatchObject({
        status: 'pending',
        userAgent: FIREFOX,
        network: '127.0.0.x',
        purpose: 'login',
        linkAccountName: null,
      });
      expect(described!.createdAt).toBeInstanceOf(Date);
      expect(Object.values(described!)).not.toContain(code);
      expect(await codes.describe(newLoginId())).toBeNull();
    });

    it('When the right code is typed, then the browser collects a session exactly once', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const waiting = await poll(client, loginId);
      expect(waiting.status).toBe(202);
      expect(waiting.body).toEqual({ status: 'pending' });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

      const tg = telegramUser({ first_name: ' Kim', last_name: 'Park ' });
      expect(await typeInBot(tg, loginId, code)).toEqual({ outcome: 'confirmed', purpose: 'login' });
      const done = await poll(client, loginId);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ status: 'complete', telegramId: String(tg.id), username: tg.username });
      const me = await client.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ name: 'Kim Park', telegramId: String(tg.id), telegramUsername: tg.username });

      const reused = await poll(client, loginId);
      expect(reused.status).toBe(404);
      expect(reused.body).toEqual(EXPIRED);
      expect((await codes.describe(loginId))!.status).toBe('consumed');
      expect(await codes.claim(loginId, tg.id)).toBe('already_decided');
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'none' });
    });

    it('When wrong codes are typed, then each is counted and the third cancels the request', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const tg = telegramUser();
      expect(await codes.claim(loginId, tg.id)).toBe('claimed');
      expect(await codes.confirmWithCode(tg, otherCode(code))).toEqual({ outcome: 'wrong_code', attemptsLeft: 2 });
      expect((await poll(client, loginId)).status).toBe(202);
      expect(await codes.confirmWithCode(tg, '')).toEqual({ outcome: 'wrong_code', attemptsLeft: 1 });
      expect(await codes.confirmWithCode(tg, `${code}0`)).toEqual({ outcome: 'locked' });
      expect(MAX_CODE_ATTEMPTS).toBe(3);

      // The right code after that signs nobody in; the browser is told the code is gone.
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'none' });
      expect((await codes.describe(loginId))!.status).toBe('rejected');
      const res = await poll(client, loginId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(EXPIRED);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await codes.claim(loginId, tg.id)).toBe('already_decided');
    });

    it('When a wrong code comes before the right one, then the right one still confirms', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const tg = telegramUser();
      expect(await typeInBot(tg, loginId, otherCode(code))).toEqual({ outcome: 'wrong_code', attemptsLeft: 2 });
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'confirmed', purpose: 'login' });
      expect((await poll(client, loginId)).status).toBe(200);
    });

    it('When many wrong codes arrive at once, then no more than three are ever checked', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const tg = telegramUser();
      expect(await codes.claim(loginId, tg.id)).toBe('claimed');
      const guess = (index: number) => String((Number(code) + 1 + index) % 10_000).padStart(4, '0');
      const isJudged = (result: { outcome: string }) => result.outcome === 'wrong_code' || result.outcome === 'locked';
      // A burst of guesses in parallel (the bot's webhook handles updates concurrently)...
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, index) => codes.confirmWithCode(tg, guess(index))),
      );
      let judged = burst.filter(isJudged).length;
      expect(judged).toBeGreaterThanOrEqual(1);
      expect(judged).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
      // ...then one at a time until the request is cancelled: three checked codes in all, never more.
      let last = burst.find((result) => result.outcome === 'locked') ?? null;
      for (let index = 12; !last && index < 12 + MAX_CODE_ATTEMPTS; index += 1) {
        const result = await codes.confirmWithCode(tg, guess(index));
        expect(isJudged(result)).toBe(true);
        judged += 1;
        if (result.outcome === 'locked') last = result;
      }
      expect(last).toEqual({ outcome: 'locked' });
      expect(judged).toBe(MAX_CODE_ATTEMPTS);
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'none' });
      expect((await poll(client, loginId)).status).toBe(404);
    });

    it('When someone who did not open the code types it, then nothing is confirmed', async () => {
      const { browser: client, loginId, code } = await startFlow();
      // Knowing the code (shoulder-surfed) without opening the link in the bot confirms nothing.
      expect(await codes.confirmWithCode(telegramUser(), code)).toEqual({ outcome: 'none' });
      // A code typed by a person who opened another request is checked against that one, not this one.
      const other = await startFlow();
      const tg = telegramUser();
      expect(await typeInBot(tg, other.loginId, code === other.code ? otherCode(code) : code)).toEqual({
        outcome: 'wrong_code',
        attemptsLeft: 2,
      });
      expect((await poll(client, loginId)).status).toBe(202);
    });

    it('When a confirmed code is asked for with HEAD, then it is 405 and the browser still collects it with GET', async () => {
      const { browser: client, loginId, code } = await startFlow();
      await confirmInBot(telegramUser(), loginId, code);
      const head = await client.request('HEAD', `/api/telegram/check-login/${loginId}`);
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET');
      expect((await poll(client, loginId)).status).toBe(200);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    });

    it('When the same Telegram account logs in again by code, then it is the same user', async () => {
      const tg = telegramUser();
      const first = await startFlow();
      await confirmInBot(tg, first.loginId, first.code);
      expect((await poll(first.browser, first.loginId)).status).toBe(200);
      const second = await startFlow();
      await confirmInBot(tg, second.loginId, second.code);
      expect((await poll(second.browser, second.loginId)).status).toBe(200);
      const [a, b] = [await first.browser.get('/api/users/me'), await second.browser.get('/api/users/me')];
      expect(a.body.id).toBe(b.body.id);
    });

    it('When the user presses Not me, then the browser gets 404 and the code cannot be confirmed later', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const tg = telegramUser();
      expect(await codes.claim(loginId, tg.id)).toBe('claimed');
      expect(await codes.reject(loginId)).toBe('rejected');
      expect((await poll(client, loginId)).status).toBe(404);
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'none' });
      expect(await codes.claim(loginId, tg.id)).toBe('already_decided');
      expect(await codes.reject(loginId)).toBe('already_decided');
      expect((await codes.describe(loginId))!.status).toBe('rejected');
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it('When the bot acts on an unknown code, then it is told so', async () => {
      expect(await codes.claim(newLoginId(), telegramUser().id)).toBe('unknown');
      expect(await codes.reject(newLoginId())).toBe('unknown');
    });
  });

  describe('who collects the result', () => {
    it('When other browsers ask for a confirmed code, then they get 404 and the rightful browser still collects', async () => {
      const { browser: owner, loginId, code } = await startFlow();
      const tg = telegramUser();
      await confirmInBot(tg, loginId, code);

      const noCookie = app.anonymous();
      const guessed = new TestClient(app.url);
      guessed.cookies.set(BROWSER_COOKIE, 'guessed-token');
      const hostile = new TestClient(app.url);
      hostile.cookies.set(BROWSER_COOKIE, encodeURIComponent('j:{"token":1}'));
      const otherBrowser = (await startFlow()).browser; // a real binding cookie, of another browser
      const { client: signedIn } = await app.signedIn();
      for (const stranger of [noCookie, guessed, hostile, otherBrowser, signedIn]) {
        const res = await poll(stranger, loginId);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(EXPIRED);
      }
      for (const stranger of [noCookie, guessed, hostile, otherBrowser]) {
        expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);
      }

      const rightful = await poll(owner, loginId);
      expect(rightful.status).toBe(200);
      expect(rightful.body.telegramId).toBe(String(tg.id));
    });

    it('When another browser asks for a pending code, then it learns nothing (404, not 202)', async () => {
      const { loginId } = await startFlow();
      expect((await poll(app.anonymous(), loginId)).status).toBe(404);
    });

    it('When an attacker’s code is confirmed with their Telegram, then the victim’s browser cannot collect it', async () => {
      // The attacker starts a login in their own browser and confirms it with their own Telegram, hoping the
      // victim's page will poll that id and be signed in as the attacker (or link the attacker's Telegram).
      const attacker = await startFlow();
      const attackerTelegram = telegramUser({ first_name: 'Mallory' });
      await confirmInBot(attackerTelegram, attacker.loginId, attacker.code);

      const { client: victim, user } = await app.signedIn({ name: 'Victim' });
      await authState(victim); // the victim's browser has its own binding cookie
      const sessionBefore = victim.cookies.get(SESSION_COOKIE);
      const res = await poll(victim, attacker.loginId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(EXPIRED);
      expect((await victim.post('/api/telegram/register-login', { loginId: attacker.loginId })).status).toBe(404);
      expect(victim.cookies.get(SESSION_COOKIE)).toBe(sessionBefore);
      const me = await victim.get('/api/users/me');
      expect(me.body).toMatchObject({ id: user.id, name: 'Victim', telegramId: null });
      expect(await app.deps.prisma.user.count({ where: { telegramId: String(attackerTelegram.id) } })).toBe(0);

      // The attacker's own browser still gets its result: nothing about the attack changed it.
      expect((await poll(attacker.browser, attacker.loginId)).status).toBe(200);
    });

    it('When a page makes the victim’s browser start a code without the victim’s state, then nothing is created', async () => {
      const { client: victim } = await app.signedIn({ name: 'Victim' });
      await authState(victim, 'link');
      const attackerBrowser = browser();
      const attackerState = await authState(attackerBrowser, 'login');
      const before = await loginRows();
      for (const body of [{ mode: 'link' }, { mode: 'link', state: attackerState }, { mode: 'login' }]) {
        const res = await victim.post('/api/telegram/register-login', body);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(REFUSED);
      }
      expect(await loginRows()).toBe(before);
    });

    it('When the browser polls twice at once after confirmation, then only one poll gets the session', async () => {
      const { browser: client, loginId, code } = await startFlow();
      await confirmInBot(telegramUser(), loginId, code);
      const twin = new TestClient(app.url);
      twin.cookies.set(BROWSER_COOKIE, client.cookies.get(BROWSER_COOKIE)!);
      const results = await Promise.all([poll(client, loginId), poll(twin, loginId), poll(client, loginId)]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 404, 404]);
    });

    it('When an unknown or malformed login id is polled, then it is 404', async () => {
      const client = browser();
      await authState(client);
      for (const id of [newLoginId(), 'short', 'x'.repeat(200), '%00']) {
        const res = await poll(client, id);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(EXPIRED);
      }
    });
  });

  describe('expiry', () => {
    it('When the code expires before confirmation, then polling is 404 and the bot is told it expired', async () => {
      const { browser: client, loginId, code } = await startFlow();
      const tg = telegramUser();
      expect(await codes.claim(loginId, tg.id)).toBe('claimed');
      later(TTL_SECONDS + 1);
      const res = await poll(client, loginId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(EXPIRED);
      expect((await codes.describe(loginId))!.status).toBe('expired');
      expect(await codes.confirmWithCode(tg, code)).toEqual({ outcome: 'none' });
      expect(await codes.claim(loginId, tg.id)).toBe('expired');
      expect(await codes.reject(loginId)).toBe('expired');
      expect((await client.post('/api/telegram/register-login', { loginId })).status).toBe(404);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it('When a confirmed code is not collected in time, then it can no longer be collected', async () => {
      const { browser: client, loginId, code } = await startFlow();
      await confirmInBot(telegramUser(), loginId, code);
      later(TTL_SECONDS + 61);
      expect((await poll(client, loginId)).status).toBe(404);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it('When the code is typed just before expiry, then the polling browser still has time to collect', async () => {
      const { browser: client, loginId, code } = await startFlow();
      later(TTL_SECONDS - 1);
      await confirmInBot(telegramUser(), loginId, code);
      later(TTL_SECONDS + 5);
      expect((await poll(client, loginId)).status).toBe(200);
    });
  });

  describe('mode link', () => {
    it('When nobody is signed in, then a link code cannot be started', async () => {
      const client = browser();
      const state = await authState(client, 'login');
      const before = await loginRows();
      const res = await client.post('/api/telegram/register-login', { mode: 'link', state });
      expect(res.status).toBe(401);
      expect(await loginRows()).toBe(before);
    });

    it('When a signed-in user types the link code in the bot, then the Telegram account is linked to them', async () => {
      const { client, user } = await app.signedIn({ name: 'Linda', googleEmail: 'linda@example.org' });
      const sid = client.cookies.get(SESSION_COOKIE);
      const { loginId, code } = await startFlow('link', client);
      expect(await codes.describe(loginId)).toMatchObject({ purpose: 'link', linkAccountName: 'Linda' });
      expect((await poll(client, loginId)).status).toBe(202);
      const tg = telegramUser();
      expect(await typeInBot(tg, loginId, code)).toEqual({ outcome: 'confirmed', purpose: 'link' });
      const res = await poll(client, loginId);
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
      expect((await poll(client, loginId)).status).toBe(404);
    });

    it('When a user sends the link state another user was given, then it is 403', async () => {
      const { client: first } = await app.signedIn();
      const state = await authState(first, 'link');
      // The same browser, now signed in as someone else (or a stolen session beside the first's cookie).
      const { user: second } = await app.signedIn();
      first.cookies.set(SESSION_COOKIE, (await app.clientFor(second)).cookies.get(SESSION_COOKIE)!);
      const before = await loginRows();
      const res = await first.post('/api/telegram/register-login', { mode: 'link', state });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
      expect(await loginRows()).toBe(before);
    });

    it('When the Telegram account belongs to another user, then linking is 409 and nothing changes', async () => {
      const tg = telegramUser();
      await app.deps.prisma.user.create({ data: { name: 'Owner', telegramId: String(tg.id) } });
      const { client, user } = await app.signedIn();
      const { loginId, code } = await startFlow('link', client);
      await confirmInBot(tg, loginId, code);
      const res = await poll(client, loginId);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: expect.any(String), error: LINK_FAILED });
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId).toBeNull();
      expect((await poll(client, loginId)).status).toBe(404);
    });

    it('When the browser has signed in as someone else since, then the link code is not collected', async () => {
      const { client, user: starter } = await app.signedIn();
      const { loginId, code } = await startFlow('link', client);
      await confirmInBot(telegramUser(), loginId, code);
      const { user: other } = await app.signedIn();
      client.cookies.set(SESSION_COOKIE, (await app.clientFor(other)).cookies.get(SESSION_COOKIE)!);
      expect((await poll(client, loginId)).status).toBe(404);
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).telegramId).toBeNull();
      // Signed out, the same browser collects nothing either.
      client.cookies.delete(SESSION_COOKIE);
      expect((await poll(client, loginId)).status).toBe(404);
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: starter.id } })).telegramId).toBeNull();
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
    expect(res.body).toEqual({ code: expect.any(String), error: 'No Telegram bot is configured' });
  });

  it('When login codes are asked for too often, then the fourth in a minute gets 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await app.anonymous().post('/api/telegram/register-login', { loginId: newLoginId() })).status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
