// Who is in: the status and role of an account, what a pending account may do (every route, listed from the
// router), what suspension stops, and the database rules under them (role/is_admin in step, append-only audit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../support/api-routes';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { signInitData, startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

const PENDING = { code: expect.any(String), error: 'Your membership is waiting for approval.' };
const SUSPENDED = { code: expect.any(String), error: 'This account is suspended.' };

/** The calls a pending account may make; every other route of the API answers it 403. */
const PENDING_ALLOWED = new Set([
  'GET /users/me',
  'GET /users/me/export',
  'DELETE /users/me',
  'POST /users/me/join',
  // The invite page names the inviter before its visitor joins.
  'GET /invites/:code',
  'POST /auth/logout',
  // Signing in (again) is not a member call.
  'GET /auth/config',
  'POST /auth/state',
  'POST /auth/login',
  'POST /auth/telegram-login',
  'POST /auth/telegram-miniapp',
  'GET /telegram/bot-info',
  'POST /telegram/register-login',
  'GET /telegram/check-login/:loginId',
  'HEAD /telegram/check-login/:loginId',
  'GET /health',
  // A load balancer's probes: no account needed.
  'GET /health/live',
  'GET /health/ready',
  // A guardian asked to consent may be an account waiting for approval.
  'GET /guardian/consent',
  'POST /guardian/consent',
]);

let nextTelegramId = 770_000_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
function launchData() {
  nextTelegramId += 1;
  const user = { id: nextTelegramId, first_name: 'Mini', last_name: 'Member' };
  const initData = signInitData(
    { auth_date: String(nowSeconds()), query_id: 'AAE', user: JSON.stringify(user) },
    TEST_BOT_TOKEN,
  );
  return { initData, telegramId: String(nextTelegramId) };
}
const tma = (initData: string) => ({ headers: { authorization: `tma ${initData}` } });

describe.each(DATABASE_KINDS)('membership on %s', (kind) => {
  let google: FakeGoogle;
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startTestApp(kind, {
      env: {
        ...TEST_BOT_ENV,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        ADMIN_EMAILS: 'chief@example.org',
        MEMBERSHIP_MODE: 'approval',
      },
    });
    admin = (await app.signedIn({ isAdmin: true })).client;
  });
  afterAll(async () => {
    await app.stop();
    await google.close();
  });

  const setMode = async (membershipMode: string) =>
    expect((await admin.patch('/api/admin/organisation', { membershipMode })).status).toBe(200);
  const googleSignIn = async (email: string) => {
    const client = app.anonymous();
    const res = await client.post('/api/auth/login', { credential: await google.idToken(email) });
    return { client, res };
  };

  describe('first sign-in', () => {
    it('When someone signs in first in approval mode, then their account is pending and /users/me says so', async () => {
      await setMode('approval');
      const { client, res } = await googleSignIn('newcomer@example.org');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', role: 'member', isAdmin: false });
      const me = await client.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'newcomer@example.org', status: 'pending', role: 'member' });
    });

    it('When someone signs in first in invite mode, then their account is pending too', async () => {
      await setMode('invite');
      const { res } = await googleSignIn('invited-later@example.org');
      expect(res.body).toMatchObject({ status: 'pending' });
      const widget = launchData();
      const mini = await app.anonymous().post('/api/auth/telegram-miniapp', undefined, tma(widget.initData));
      expect(mini.status).toBe(200);
      expect(mini.body.user).toMatchObject({ status: 'pending', role: 'member' });
    });

    it('When someone signs in first in open mode, then they are an active member at once', async () => {
      await setMode('open');
      const { res } = await googleSignIn('open-door@example.org');
      expect(res.body).toMatchObject({ status: 'active', role: 'member' });
      await setMode('approval');
    });

    it('When a configured admin signs in first in approval mode, then they are an active admin', async () => {
      await setMode('approval');
      const { client, res } = await googleSignIn('chief@example.org');
      expect(res.body).toMatchObject({ status: 'active', role: 'admin', isAdmin: true });
      expect((await client.get('/api/admin/organisation')).status).toBe(200);
    });

    it('When an account signs in again, then its status is kept', async () => {
      await setMode('approval');
      await googleSignIn('twice@example.org');
      await app.deps.prisma.user.update({ where: { googleEmail: 'twice@example.org' }, data: { status: 'active' } });
      const { res } = await googleSignIn('twice@example.org');
      expect(res.body).toMatchObject({ status: 'active' });
    });
  });

  describe('a pending account', () => {
    it('When a pending account calls every route of the API, then all but its own account and sign-in answer 403', async () => {
      const { client } = await app.signedIn({ status: 'pending' });
      const routes = apiRoutes(app.system.app);
      // The walk found the API: the known routes are all there.
      expect(routes).toEqual(expect.arrayContaining(['GET /users/me', 'POST /events', 'GET /admin/organisation']));
      expect(routes.length).toBeGreaterThan(40);
      const concrete = (path: string) =>
        path
          .replace(':token.ics', 'abc.ics')
          .replace(/:loginId/g, 'x'.repeat(24))
          .replace(/:\w+/g, '1');
      // Leaving (logout, deleting the account) goes last: the calls before it need the session.
      const leaving = new Set(['POST /auth/logout', 'DELETE /users/me']);
      const ordered = [
        ...routes.filter((route) => !leaving.has(route)),
        ...routes.filter((route) => leaving.has(route)),
      ];
      for (const route of ordered) {
        const [method, path] = route.split(' ') as [string, string];
        const res = await client.request(
          method,
          `/api${concrete(path)}`,
          method === 'GET' || method === 'HEAD' ? undefined : {},
        );
        if (PENDING_ALLOWED.has(route)) {
          expect(res.body, route).not.toEqual(PENDING);
        } else {
          expect(res.status, route).toBe(403);
          if (method !== 'HEAD') expect(res.body, route).toEqual(PENDING);
        }
      }
    });

    it('When a pending account asks for the events list or an event (the fast path), then it is held back too', async () => {
      const { client } = await app.signedIn({ status: 'pending' });
      const event = await admin.post('/api/events', {
        name: 'Open day',
        description: 'Come along',
        date: '2030-06-01T18:00:00.000Z',
        location: 'Hall',
        imageUrl: '/images/events/hike.svg',
        isPublic: true,
      });
      expect(event.status).toBe(201);
      for (const path of ['/api/events', `/api/events/${event.body.id}`, '/api/events?limit=5']) {
        const res = await client.get(path);
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual(PENDING);
      }
    });
  });

  describe('a suspended account', () => {
    it('When an account is suspended, then its open session is refused at once, also on the fast path', async () => {
      const { client, user } = await app.signedIn();
      expect((await client.get('/api/events')).status).toBe(200);
      await app.deps.prisma.user.update({ where: { id: user.id }, data: { status: 'suspended' } });
      expect((await client.get('/api/users/me')).status).toBe(401);
      expect((await client.get('/api/events')).status).toBe(401);
      expect((await client.get('/api/events/1')).status).toBe(401);
    });

    it('When a suspended account signs in again, then every sign-in answers 403 and no session is made', async () => {
      const { res } = await googleSignIn('banned@example.org');
      expect(res.status).toBe(200);
      const user = await app.deps.prisma.user.update({
        where: { googleEmail: 'banned@example.org' },
        data: { status: 'suspended' },
      });
      await app.deps.prisma.session.deleteMany({ where: { userId: user.id } });
      const again = await googleSignIn('banned@example.org');
      expect(again.res.status).toBe(403);
      expect(again.res.body).toEqual(SUSPENDED);
      expect(await app.deps.prisma.session.count({ where: { userId: user.id } })).toBe(0);

      const launch = launchData();
      expect((await app.anonymous().post('/api/auth/telegram-miniapp', undefined, tma(launch.initData))).status).toBe(
        200,
      );
      await app.deps.prisma.user.update({ where: { telegramId: launch.telegramId }, data: { status: 'suspended' } });
      // The Mini App's initData sign-in and any call it carries stop at once.
      const exchange = await app.anonymous().post('/api/auth/telegram-miniapp', undefined, tma(launch.initData));
      expect(exchange.status).toBe(403);
      expect(exchange.body).toEqual(SUSPENDED);
      const call = await app.anonymous().get('/api/events', tma(launch.initData));
      expect(call.status).toBe(403);
      expect(call.body).toEqual(SUSPENDED);
    });
  });

  describe('roles', () => {
    it('When an organiser creates an event and edits it, then both succeed; a member may not create one', async () => {
      const organiser = await app.signedIn({ role: 'organiser' });
      const member = await app.signedIn();
      const body = {
        name: 'Organiser night',
        description: 'Run by an organiser',
        date: '2030-07-01T18:00:00.000Z',
        location: 'Hall',
        imageUrl: '/images/events/hike.svg',
        isPublic: true,
      };
      const created = await organiser.client.post('/api/events', body);
      expect(created.status).toBe(201);
      expect(
        (await organiser.client.patch(`/api/events/${created.body.id}`, { ...body, name: 'Renamed' })).status,
      ).toBe(200);
      expect((await member.client.post('/api/events', body)).status).toBe(403);
      // Another organiser's event is not theirs to run.
      const other = await app.signedIn({ role: 'organiser' });
      expect((await other.client.patch(`/api/events/${created.body.id}`, { ...body, name: 'Taken' })).status).toBe(403);
      expect((await organiser.client.get('/api/users/me')).body).toMatchObject({ role: 'organiser', isAdmin: false });
    });

    it('When role or is_admin is written, then the database keeps the two in step', async () => {
      const { prisma } = app.deps;
      const { user } = await app.signedIn();
      expect(await prisma.user.update({ where: { id: user.id }, data: { role: 'admin' } })).toMatchObject({
        isAdmin: true,
      });
      expect(await prisma.user.update({ where: { id: user.id }, data: { role: 'organiser' } })).toMatchObject({
        isAdmin: false,
      });
      expect(await prisma.user.update({ where: { id: user.id }, data: { isAdmin: true } })).toMatchObject({
        role: 'admin',
      });
      expect(await prisma.user.update({ where: { id: user.id }, data: { isAdmin: false } })).toMatchObject({
        role: 'member',
      });
    });
  });

  describe('the audit log', () => {
    it('When anyone tries to change or delete an audit entry in SQL, then the database refuses', async () => {
      await admin.patch('/api/admin/organisation', { defaultLanguage: 'fr' });
      const { prisma } = app.deps;
      const before = await prisma.auditEntry.findMany({ orderBy: { id: 'asc' } });
      expect(before.length).toBeGreaterThan(0);
      // PGlite's driver adapter does not pass the trigger's message on; PostgreSQL's does.
      await expect(prisma.$executeRawUnsafe(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow();
      await expect(prisma.$executeRawUnsafe(`DELETE FROM audit_log`)).rejects.toThrow();
      await expect(prisma.$executeRawUnsafe(`TRUNCATE audit_log`)).rejects.toThrow();
      expect(await prisma.auditEntry.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    });
  });
});
