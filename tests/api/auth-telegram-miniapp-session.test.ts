// Mini App initData is a sign-in, not a bearer token for a day: older than an hour it signs nobody in, and the
// Mini App exchanges it when it opens for a session that follows the website's rules (expires, ends at logout).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { sha256 } from '../../api/src/lib/secrets';
import { DATABASE_KINDS } from '../support/databases';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

const HOUR = 3600_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
let nextTelegramId = 660_000_000;

/** initData as Telegram signs it when it opens the Mini App, for a new Telegram user. */
function launchData({ ageSeconds = 0, allowsWrite = false } = {}) {
  nextTelegramId += 1;
  const user = { id: nextTelegramId, first_name: 'Mini', last_name: 'Member', allows_write_to_pm: allowsWrite };
  const initData = signInitData(
    { auth_date: String(nowSeconds() - ageSeconds), query_id: 'AAE', user: JSON.stringify(user) },
    TEST_BOT_TOKEN,
  );
  return { initData, telegramId: String(nextTelegramId) };
}

const tma = (initData: string) => ({ headers: { authorization: `tma ${initData}` } });
const bearer = (session: string) => ({ headers: { authorization: `Session ${session}` } });

describe.each(DATABASE_KINDS)('Mini App sessions on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { ...TEST_BOT_ENV } });
  });
  afterAll(() => app.stop());
  afterEach(() => app.setNow(new Date()));

  /** What the Mini App does when it opens: initData for a session. */
  async function exchange(initData: string) {
    return app.anonymous().post('/api/auth/telegram-miniapp', undefined, tma(initData));
  }

  it('When initData is more than an hour old, then it signs nobody in, on a call or at the exchange', async () => {
    const { initData, telegramId } = launchData({ ageSeconds: 3600 + 60 });

    const call = await app.anonymous().get('/api/users/me', tma(initData));
    const opened = await exchange(initData);

    expect(call.status).toBe(401);
    expect(call.body).toEqual({ code: expect.any(String), error: 'Invalid Telegram Mini App data' });
    expect(opened.status).toBe(401);
    expect(opened.body).toEqual({ code: expect.any(String), error: 'Invalid Telegram Mini App data' });
    expect(await app.deps.prisma.user.count({ where: { telegramId } })).toBe(0);
  });

  it('When the Mini App exchanges fresh initData at open, then its session keeps working after the initData is an hour old', async () => {
    const { initData, telegramId } = launchData();

    const opened = await exchange(initData);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('set-cookie')).toBeNull();
    expect(opened.body.user).toMatchObject({ name: 'Mini Member', telegramId });
    const session: string = opened.body.session;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    app.setNow(new Date(Date.now() + 2 * HOUR));
    expect((await app.anonymous().get('/api/users/me', tma(initData))).status).toBe(401);
    const me = await app.anonymous().get('/api/users/me', bearer(session));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: opened.body.user.id, telegramId });
    // A write needs no cookie and no Origin: no other site can make a browser send this header.
    const write = await app.anonymous().patch('/api/users/me', { telegramUsername: 'mini_member' }, bearer(session));
    expect(write.status).toBe(200);
    expect(write.body.telegramUsername).toBe('mini_member');
  });

  it('When a session is handed out, then the database keeps only its SHA-256, as for the website', async () => {
    const { initData } = launchData();
    const { session, user } = (await exchange(initData)).body;

    const rows = await app.deps.prisma.session.findMany({ where: { userId: user.id } });

    expect(rows.map((row) => row.id)).toEqual([sha256(session)]);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
  });

  it('When the Mini App logs out, then its session is deleted and refused afterwards', async () => {
    const { initData } = launchData();
    const { session, user } = (await exchange(initData)).body;

    const out = await app.anonymous().post('/api/auth/logout', undefined, bearer(session));

    expect(out.status).toBe(200);
    expect(await app.deps.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await app.anonymous().get('/api/users/me', bearer(session))).status).toBe(401);
  });

  it('When the session is older than the website’s session lifetime, then it is refused', async () => {
    const { initData } = launchData();
    const { session } = (await exchange(initData)).body;
    app.setNow(new Date(Date.now() + 29 * 24 * HOUR));
    expect((await app.anonymous().get('/api/users/me', bearer(session))).status).toBe(200);

    app.setNow(new Date(Date.now() + 31 * 24 * HOUR));

    expect((await app.anonymous().get('/api/users/me', bearer(session))).status).toBe(401);
  });

  it('When the Mini App opens with write access allowed, then the exchange records that the bot may write', async () => {
    const { initData, telegramId } = launchData({ allowsWrite: true });

    expect((await exchange(initData)).status).toBe(200);

    const user = await app.deps.prisma.user.findUniqueOrThrow({ where: { telegramId } });
    expect(user.telegramWriteAllowedAt).not.toBeNull();
  });

  it('When the exchange gets no initData or a cookie only, then it is 401 and no session is made', async () => {
    const { user, client } = await app.signedIn();
    const before = await app.deps.prisma.session.count();

    const none = await app.anonymous().post('/api/auth/telegram-miniapp');
    const cookieOnly = await client.post('/api/auth/telegram-miniapp', undefined, { headers: { origin: app.url } });

    for (const res of [none, cookieOnly]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: expect.any(String),
        error: 'Open the app from Telegram to sign in with Telegram.',
      });
    }
    expect(await app.deps.prisma.session.count()).toBe(before);
    expect(await app.deps.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('When the Session header is forged, then nobody is signed in, not even by a cookie sent alongside', async () => {
    const { client } = await app.signedIn();
    const forged = ['x'.repeat(43), 'x'.repeat(5000), '"quoted"', 'j:{"a":1}', '../../etc'];

    for (const value of forged) {
      const res = await client.get('/api/users/me', bearer(value));
      expect(res.status, value.slice(0, 20)).toBe(401);
    }
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await client.get('/api/users/me')).status).toBe(200);
    // A forged header is no way past the same-origin guard for the cookie either.
    const write = await client.patch('/api/users/me', { telegramUsername: 'hijacked_name' }, bearer('x'.repeat(43)));
    expect(write.status).toBe(401);
  });
});
