import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_COOKIE, STATE_REFUSED } from '../../api/src/modules/auth/auth-states';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { authState } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import {
  PUBLISHED_INIT_DATA,
  PUBLISHED_INIT_DATA_AUTH_DATE,
  signInitData,
  signLoginWidget,
  type WidgetFields,
} from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

const MISSING = 'Missing required authentication parameters from Telegram';
const FAILED = 'Failed to authenticate with Telegram. Please try again.';
const LINK_FAILED = 'Failed to link Telegram account. This account may already be linked to another user.';
const REFUSED = { code: 'auth_state_refused', error: STATE_REFUSED };

const nowSeconds = () => Math.floor(Date.now() / 1000);
let nextTelegramId = 500_000_000;

/** Fresh Login Widget data for a new Telegram account, signed with the test bot's token. */
function widget(fields: Partial<WidgetFields> = {}) {
  nextTelegramId += 1;
  const data: WidgetFields = {
    id: nextTelegramId,
    first_name: 'Ann',
    last_name: 'Lee',
    username: `ann_lee_${nextTelegramId}`,
    auth_date: nowSeconds(),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete data[key];
    else data[key] = value;
  }
  return signLoginWidget(data, TEST_BOT_TOKEN);
}

describe.each(DATABASE_KINDS)('Telegram sign-in (widget and Mini App) on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: {
        ...TEST_BOT_ENV,
        ADMIN_TELEGRAM_IDS: '424242',
      },
    });
  });
  afterAll(() => app.stop());
  afterEach(() => app.setNow(new Date()));

  const counts = async () => ({
    users: await app.deps.prisma.user.count(),
    sessions: await app.deps.prisma.session.count(),
  });

  /** The Login Widget's callback in the browser that opened the login dialog (with that dialog's state). */
  async function telegramLogin(body: Record<string, unknown>, client: TestClient = app.anonymous()) {
    const state = await authState(client, 'login');
    return client.post('/api/auth/telegram-login', { ...body, state });
  }

  /** The Link button's widget callback, with the link state of this browser and signed-in user. */
  async function linkTelegram(client: TestClient, body: Record<string, unknown>) {
    const state = await authState(client, 'link');
    return client.post('/api/auth/link-accounts', { ...body, state });
  }

  const telegramIdOf = async (userId: number) =>
    (await app.deps.prisma.user.findUniqueOrThrow({ where: { id: userId } })).telegramId;

  async function expectTelegramLoginRefused(body: Record<string, unknown>, status: number, error: string) {
    const before = await counts();
    const client = app.anonymous();
    const state = await authState(client, 'login');
    const res = await client.post('/api/auth/telegram-login', { ...body, state });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: expect.any(String), error });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await counts()).toEqual(before);
  }

  describe('Login Widget: POST /api/auth/telegram-login', () => {
    it('When the widget data is signed by Telegram, then the browser is signed in as that Telegram user', async () => {
      const data = widget({ first_name: ' Ann', last_name: 'Lee  ' });
      const client = app.anonymous();
      const res = await telegramLogin(
        { telegramId: String(data.id), name: 'Ann Lee', username: data.username, auth_data: data },
        client,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Ann Lee', telegramId: String(data.id), telegramUsername: data.username });
      const me = await client.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: res.body.id, telegramId: String(data.id), isAdmin: false });
    });

    it('When the user has no last name, then the name is the trimmed first name', async () => {
      const res = await telegramLogin({ auth_data: widget({ first_name: ' Solo ', last_name: undefined }) });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Solo');
    });

    it('When the client claims another telegramId and name beside the data, then only the signed data counts', async () => {
      const victim = await app.deps.prisma.user.create({ data: { name: 'Victim', telegramId: '111222333' } });
      const data = widget();
      const res = await telegramLogin({
        telegramId: victim.telegramId,
        name: 'Victim',
        username: 'victim_user',
        auth_data: data,
      });
      expect(res.status).toBe(200);
      expect(res.body.id).not.toBe(victim.id);
      expect(res.body).toMatchObject({ telegramId: String(data.id), name: 'Ann Lee' });
    });

    it('When the same Telegram account signs in twice, then it is the same user', async () => {
      const data = widget();
      const first = await telegramLogin({ auth_data: data });
      const again = signLoginWidget({ ...stripHash(data), auth_date: nowSeconds() + 1 }, TEST_BOT_TOKEN);
      const second = await telegramLogin({ auth_data: again });
      expect(second.status).toBe(200);
      expect(second.body.id).toBe(first.body.id);
    });

    it('When a new Telegram account signs in several times at once, then exactly one user is created', async () => {
      const data = widget();
      const results = await Promise.all([1, 2, 3, 4].map(() => telegramLogin({ auth_data: data })));
      expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(results.map((res) => res.body.id)).size).toBe(1);
    });

    it('When the Telegram id is listed in ADMIN_TELEGRAM_IDS, then that user is an admin', async () => {
      const res = await telegramLogin({ auth_data: widget({ id: 424242 }) });
      expect(res.status).toBe(200);
      expect(res.body.isAdmin).toBe(true);
    });

    it('When required fields are missing, then it is 400 with the SPEC message and nothing changes', async () => {
      await expectTelegramLoginRefused({}, 400, MISSING);
      await expectTelegramLoginRefused({ auth_data: 'nope' }, 400, MISSING);
      await expectTelegramLoginRefused({ auth_data: stripHash(widget()) }, 400, MISSING);
      await expectTelegramLoginRefused({ auth_data: widget({ id: undefined }) }, 400, MISSING);
      await expectTelegramLoginRefused({ auth_data: widget({ first_name: undefined }) }, 400, MISSING);
      await expectTelegramLoginRefused({ auth_data: widget({ auth_date: undefined }) }, 400, MISSING);
    });

    it('When a signed field is tampered with, then it is 401 and nobody is signed in', async () => {
      const data = widget();
      await expectTelegramLoginRefused({ auth_data: { ...data, username: 'someone_else' } }, 401, FAILED);
      await expectTelegramLoginRefused({ auth_data: { ...data, id: 424242 } }, 401, FAILED);
      await expectTelegramLoginRefused({ auth_data: { ...data, extra: 'field' } }, 401, FAILED);
    });

    it('When an extra field is a deeply nested list or object, then it is 401, not a crash', async () => {
      const data = widget();
      const depth = 20_000;
      const nestedList = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      for (const extra of [nestedList, '{"x":[1,{"y":2}]}', '[1,2]']) {
        const before = await counts();
        for (const path of ['/api/auth/telegram-login', '/api/auth/link-accounts']) {
          const isLink = path.endsWith('link-accounts');
          const client = isLink ? (await app.signedIn()).client : app.anonymous();
          const state = await authState(client, isLink ? 'link' : 'login');
          const raw = JSON.stringify({ state, auth_data: { ...data, extra: '__EXTRA__' } }).replace(
            '"__EXTRA__"',
            extra,
          );
          const res = await client.post(path, undefined, { rawBody: raw });
          expect({ path, extra: extra.slice(0, 12), status: res.status, body: res.body }).toEqual({
            path,
            extra: extra.slice(0, 12),
            status: 401,
            body: { code: expect.any(String), error: FAILED },
          });
        }
        const after = await counts();
        expect(after.users - before.users).toBe(1); // the signed-in client made for the link call, nobody else
      }
    });

    it('When the hash is wrong or malformed, then it is 401', async () => {
      const data = widget();
      await expectTelegramLoginRefused({ auth_data: { ...data, hash: 'f'.repeat(64) } }, 401, FAILED);
      await expectTelegramLoginRefused({ auth_data: { ...data, hash: `${data.hash}00` } }, 401, FAILED);
      await expectTelegramLoginRefused({ auth_data: { ...data, hash: 'not-hex' } }, 401, FAILED);
    });

    it('When the data is signed with another bot token, then it is 401', async () => {
      const data = signLoginWidget(stripHash(widget()), '123456:another-bot-token');
      await expectTelegramLoginRefused({ auth_data: data }, 401, FAILED);
    });

    it('When auth_date is older than the configured maximum, then it is 401', async () => {
      await expectTelegramLoginRefused({ auth_data: widget({ auth_date: nowSeconds() - 86400 - 60 }) }, 401, FAILED);
    });

    it('When auth_date is fresh for the app clock, then the same data is accepted', async () => {
      const data = widget({ auth_date: nowSeconds() - 86400 - 60 });
      app.setNow(new Date((Number(data.auth_date) + 30) * 1000));
      expect((await telegramLogin({ auth_data: data })).status).toBe(200);
    });
  });

  describe('Linking Telegram: POST /api/auth/link-accounts', () => {
    it('When a signed-in user links verified widget data, then their account has that Telegram id', async () => {
      const { client, user } = await app.signedIn({ name: 'Gina', googleEmail: 'gina@example.org' });
      const data = widget();
      const res = await linkTelegram(client, {
        telegramId: String(data.id),
        telegramUsername: data.username,
        auth_data: data,
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const me = await client.get('/api/users/me');
      expect(me.body).toMatchObject({
        id: user.id,
        name: 'Gina',
        telegramId: String(data.id),
        telegramUsername: data.username,
      });
      // From now on the Telegram account signs in as Gina.
      const again = signLoginWidget({ ...stripHash(data), auth_date: nowSeconds() }, TEST_BOT_TOKEN);
      const signIn = await telegramLogin({ auth_data: again });
      expect(signIn.body.id).toBe(user.id);
    });

    it('When the Telegram account belongs to another user, then it is 409 with the SPEC message', async () => {
      const data = widget();
      expect((await telegramLogin({ auth_data: data })).status).toBe(200);
      const { client, user } = await app.signedIn();
      const fresh = signLoginWidget({ ...stripHash(data), auth_date: nowSeconds() }, TEST_BOT_TOKEN);
      const res = await linkTelegram(client, { auth_data: fresh });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: expect.any(String), error: LINK_FAILED });
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId).toBeNull();
    });

    it('When the user already has a different Telegram account, then it is 409 and nothing changes', async () => {
      const { client, user } = await app.signedIn({ telegramId: '31337' });
      const res = await linkTelegram(client, { auth_data: widget() });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Your account is already linked to a different Telegram account.');
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId).toBe('31337');
    });

    it('When the link data is forged, then it is 401 and nothing is linked', async () => {
      const { client, user } = await app.signedIn();
      const res = await linkTelegram(client, { auth_data: { ...widget(), first_name: 'Eve' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: FAILED });
      expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId).toBeNull();
    });

    it('When nobody is signed in, then linking is 401', async () => {
      const res = await app.anonymous().post('/api/auth/link-accounts', { auth_data: widget() });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
    });

    it('When the body is neither Telegram data nor an email, then it is 400', async () => {
      const { client } = await app.signedIn();
      const res = await client.post('/api/auth/link-accounts', { foo: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: MISSING });
    });
  });

  describe('Sign-in state: login CSRF and account takeover through the widget callback', () => {
    /** An attacker with a browser and a Telegram account of their own: valid widget data for themselves. */
    async function attacker() {
      const browser = app.anonymous();
      const loginState = await authState(browser, 'login');
      const data = widget({ first_name: 'Mallory', last_name: undefined });
      return { browser, loginState, data };
    }

    it('When the victim’s browser posts the attacker’s valid widget data without its own state, then it is 403 and the victim stays who they were', async () => {
      const evil = await attacker();
      const { client: victim, user } = await app.signedIn({ name: 'Victim' });
      await authState(victim, 'login'); // the victim's browser has a binding cookie of its own
      const session = victim.cookies.get(SESSION_COOKIE);
      const before = await counts();
      for (const state of [undefined, evil.loginState, '', 'x'.repeat(40), '../../etc']) {
        const res = await victim.post('/api/auth/telegram-login', { state, auth_data: evil.data });
        expect({ state, status: res.status, body: res.body }).toEqual({ state, status: 403, body: REFUSED });
      }
      expect(victim.cookies.get(SESSION_COOKIE)).toBe(session);
      const me = await victim.get('/api/users/me');
      expect(me.body).toMatchObject({ id: user.id, name: 'Victim', telegramId: null });
      expect(await counts()).toEqual(before);

      // A visitor with no session and no cookie at all is not signed in as the attacker either.
      const visitor = app.anonymous();
      const res = await visitor.post('/api/auth/telegram-login', { state: evil.loginState, auth_data: evil.data });
      expect(res.status).toBe(403);
      expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await counts()).toEqual(before);

      // The attacker's state was not spent by any of that: in the attacker's own browser it still works.
      const own = await evil.browser.post('/api/auth/telegram-login', { state: evil.loginState, auth_data: evil.data });
      expect(own.status).toBe(200);
      expect(own.body.id).not.toBe(user.id);
    });

    it('When a state is used a second time, then it is 403, even after a failed first use', async () => {
      const client = app.anonymous();
      const state = await authState(client, 'login');
      const first = await client.post('/api/auth/telegram-login', { state, auth_data: widget() });
      expect(first.status).toBe(200);
      const reused = await client.post('/api/auth/telegram-login', { state, auth_data: widget() });
      expect(reused.status).toBe(403);
      expect(reused.body).toEqual(REFUSED);

      const failed = await authState(client, 'login');
      const forged = await client.post('/api/auth/telegram-login', {
        state: failed,
        auth_data: { ...widget(), id: 1 },
      });
      expect(forged.status).toBe(401);
      const retried = await client.post('/api/auth/telegram-login', { state: failed, auth_data: widget() });
      expect(retried.status).toBe(403);
    });

    it('When parallel sign-ins share one state, then only one signs in', async () => {
      const client = app.anonymous();
      const state = await authState(client, 'login');
      const data = widget();
      const results = await Promise.all(
        [1, 2, 3].map(() => client.post('/api/auth/telegram-login', { state, auth_data: data })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 403, 403]);
    });

    it('When the state is a link state, or has expired, then sign-in is 403', async () => {
      const { client } = await app.signedIn();
      const linkState = await authState(client, 'link');
      expect((await client.post('/api/auth/telegram-login', { state: linkState, auth_data: widget() })).status).toBe(
        403,
      );
      const visitor = app.anonymous();
      const old = await authState(visitor, 'login');
      app.setNow(new Date(Date.now() + 30 * 60_000 + 1000));
      const data = widget({ auth_date: Math.floor(Date.now() / 1000) + 30 * 60 });
      const res = await visitor.post('/api/auth/telegram-login', { state: old, auth_data: data });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
      expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it('When the signed-in victim’s browser posts the attacker’s widget data to link-accounts without the victim’s link state, then it is 403 and nothing is linked', async () => {
      const evil = await attacker();
      const { client: attackerAccount } = await app.signedIn({ name: 'Mallory' });
      const attackerLinkState = await authState(attackerAccount, 'link');
      const { client: victim, user } = await app.signedIn({ name: 'Victim' });
      const victimLoginState = await authState(victim, 'login');
      for (const state of [undefined, attackerLinkState, evil.loginState, victimLoginState, 'x'.repeat(40)]) {
        const res = await victim.post('/api/auth/link-accounts', { state, auth_data: evil.data });
        expect({ state, status: res.status, body: res.body }).toEqual({ state, status: 403, body: REFUSED });
      }
      expect(await telegramIdOf(user.id)).toBeNull();
      expect(await app.deps.prisma.user.count({ where: { telegramId: String(evil.data.id) } })).toBe(0);

      // The attacker's Telegram therefore signs in as nobody but a new account of its own.
      const signIn = await evil.browser.post('/api/auth/telegram-login', {
        state: evil.loginState,
        auth_data: evil.data,
      });
      expect(signIn.status).toBe(200);
      expect(signIn.body.id).not.toBe(user.id);
    });

    it('When the link state was issued to another user signed in the same browser, then it is 403 and only its user may spend it', async () => {
      const { client, user: first } = await app.signedIn();
      const firstSession = client.cookies.get(SESSION_COOKIE)!;
      const state = await authState(client, 'link');
      const { user: second } = await app.signedIn();
      client.cookies.set(SESSION_COOKIE, (await app.clientFor(second)).cookies.get(SESSION_COOKIE)!);
      const data = widget();
      const refused = await client.post('/api/auth/link-accounts', { state, auth_data: data });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(REFUSED);
      expect(await telegramIdOf(second.id)).toBeNull();

      client.cookies.set(SESSION_COOKIE, firstSession);
      const linked = await client.post('/api/auth/link-accounts', { state, auth_data: data });
      expect(linked.status).toBe(200);
      expect(await telegramIdOf(first.id)).toBe(String(data.id));
      const reused = await client.post('/api/auth/link-accounts', { state, auth_data: widget() });
      expect(reused.status).toBe(403);
    });

    it('When the link state travels without its browser cookie, then it is 403', async () => {
      const { client, user } = await app.signedIn();
      const state = await authState(client, 'link');
      const sameUserOtherBrowser = await app.clientFor(user); // a session, but not this browser's cookie
      const res = await sameUserOtherBrowser.post('/api/auth/link-accounts', { state, auth_data: widget() });
      expect(res.status).toBe(403);
      expect(sameUserOtherBrowser.cookies.has(BROWSER_COOKIE)).toBe(false);
      expect(await telegramIdOf(user.id)).toBeNull();
    });

    it('When linking by email, then no state is needed', async () => {
      const { client } = await app.signedIn();
      const res = await client.post('/api/auth/link-accounts', { email: `state-free-${Date.now()}@example.org` });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'pending' });
    });
  });

  describe('Mini App: Authorization: tma <initData>', () => {
    const tma = (initData: string) => ({ headers: { authorization: `tma ${initData}` } });

    it('When the published test vector is sent (within its max age), then it signs in and creates the user', async () => {
      app.setNow(new Date((PUBLISHED_INIT_DATA_AUTH_DATE + 60) * 1000));
      const res = await app.anonymous().get('/api/users/me', tma(PUBLISHED_INIT_DATA));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Vladislav Kibenko',
        telegramId: '279058397',
        telegramUsername: 'vdkfrost',
      });
      const again = await app.anonymous().get('/api/users/me', tma(PUBLISHED_INIT_DATA));
      expect(again.body.id).toBe(res.body.id);
      expect(await app.deps.prisma.user.count({ where: { telegramId: '279058397' } })).toBe(1);
    });

    it('When a field of the vector is tampered with, then it is 401', async () => {
      app.setNow(new Date((PUBLISHED_INIT_DATA_AUTH_DATE + 60) * 1000));
      const tampered = PUBLISHED_INIT_DATA.replace('279058397', '279058398');
      const res = await app.anonymous().get('/api/users/me', tma(tampered));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Invalid Telegram Mini App data' });
      expect(await app.deps.prisma.user.count({ where: { telegramId: '279058398' } })).toBe(0);
      const reordered = PUBLISHED_INIT_DATA.replace('auth_date=1662771648', 'auth_date=1662771649');
      expect((await app.anonymous().get('/api/users/me', tma(reordered))).status).toBe(401);
    });

    it('When the vector is older than the configured maximum, then it is 401', async () => {
      app.setNow(new Date((PUBLISHED_INIT_DATA_AUTH_DATE + 86400 + 60) * 1000));
      const res = await app.anonymous().get('/api/users/me', tma(PUBLISHED_INIT_DATA));
      expect(res.status).toBe(401);
    });

    it('When fresh initData is signed for a new Telegram user, then each request is authenticated', async () => {
      const user = JSON.stringify({ id: 8_800_555, first_name: 'Mini', last_name: 'App', username: 'mini_app_user' });
      const initData = signInitData(
        { auth_date: String(nowSeconds()), query_id: 'AAE', user, signature: 'c2lnbmF0dXJl', start_param: 'event_5' },
        TEST_BOT_TOKEN,
      );
      const res = await app.anonymous().get('/api/users/me', tma(initData));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Mini App', telegramId: '8800555' });
      // A state-changing call needs no cookie and no Origin: initData is the proof.
      const write = await app.anonymous().post('/api/auth/logout', {}, tma(initData));
      expect(write.status).toBe(200);
    });

    it('When initData is signed with another bot token or garbage, then it is 401', async () => {
      const user = JSON.stringify({ id: 8_800_556, first_name: 'Eve' });
      const other = signInitData({ auth_date: String(nowSeconds()), user }, '123456:another-bot-token');
      expect((await app.anonymous().get('/api/users/me', tma(other))).status).toBe(401);
      expect((await app.anonymous().get('/api/users/me', tma('%%%garbage'))).status).toBe(401);
      expect((await app.anonymous().get('/api/users/me', tma(''))).status).toBe(401);
    });
  });
});

function stripHash(data: WidgetFields): WidgetFields {
  const copy = { ...data };
  delete copy.hash;
  return copy;
}
