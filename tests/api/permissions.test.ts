// The server-side permission matrix (DESIGN §4): every call of SPEC §7 and the extra sign-in calls, made by
// each kind of caller, with the status each must get. One table; one row per endpoint.
import type { User } from '@prisma/client';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authState } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { signLoginWidget } from '../support/signing';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

/**
 * The callers, in the order of every row's statuses:
 * - anonymous: no session;
 * - member: a signed-in non-admin; on event endpoints it acts on a PUBLIC event someone else created;
 * - invited / uninvited: non-admins invited / not invited to a PRIVATE event;
 * - creator: who created that private event but holds no role that may create events now (demoted; put in the
 *   database directly): they still see it, and have no organiser power over it;
 * - admin: an admin who neither created nor was invited to it.
 * Every role except member acts on the private event.
 */
const ROLES = ['anonymous', 'member', 'invited', 'uninvited', 'creator', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Statuses = [number, number, number, number, number, number];

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

interface World {
  app: TestApp;
  users: Record<Exclude<Role, 'anonymous'>, User>;
  /** The private event (role !== member) or the public one (member), shared by rows that change nothing. */
  eventFor(role: Role): number;
  /** A new event for calls that change or delete it, private or public as eventFor would pick. */
  freshEventFor(role: Role): Promise<number>;
  freshTemplate(): Promise<number>;
}

interface Row {
  call: string;
  /** `client` is the browser that will make the call (to get sign-in state bound to it). */
  make(world: World, role: Role, client: TestClient): Call | Promise<Call>;
  statuses: Statuses;
}

const eventBody = (isPublic: boolean) => ({
  name: 'Matrix event',
  description: 'An event for the permission matrix',
  date: '2030-06-01T18:00:00.000Z',
  location: 'Community Hall',
  imageUrl: '/images/events/hike.svg',
  isPublic,
});
const templateBody = { type: 'event_updated', channel: 'sms', template: '{{eventName}} changed: {{updateType}}' };
const newLoginId = () => randomBytes(18).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Login Widget data for a Telegram account nobody has, signed by the test bot. */
const freshWidget = () =>
  signLoginWidget(
    { id: 800_000_000 + Math.floor(Math.random() * 1e8), first_name: 'Widget', auth_date: nowSeconds() },
    TEST_BOT_TOKEN,
  );
let uniqueCounter = 0;
const unique = () => `${Date.now().toString(36)}${(uniqueCounter += 1)}`;

//                                                     anon member invited uninvited creator admin
const ROWS: Row[] = [
  // ---- users
  { call: 'GET /api/users/me', make: () => get('/api/users/me'), statuses: [401, 200, 200, 200, 200, 200] },
  {
    call: 'PATCH /api/users/me',
    // The caller's own number again, so every user keeps a phone no other user has.
    make: (w, role) => ({
      method: 'PATCH',
      path: '/api/users/me',
      body: { phoneNumber: role === 'anonymous' ? '+1234567890' : w.users[role].phoneNumber },
    }),
    statuses: [401, 200, 200, 200, 200, 200],
  },
  {
    call: 'PATCH /api/users/me/preferences',
    make: () => ({ method: 'PATCH', path: '/api/users/me/preferences', body: { preferences: [] } }),
    statuses: [401, 200, 200, 200, 200, 200],
  },
  {
    // Before any code was sent: nothing to confirm (no guess can ever succeed by chance here).
    call: 'POST /api/users/me/phone/verify',
    make: () => ({ method: 'POST', path: '/api/users/me/phone/verify', body: { code: '123456' } }),
    statuses: [401, 400, 400, 400, 400, 400],
  },
  {
    call: 'POST /api/users/me/phone/verification',
    make: () => ({ method: 'POST', path: '/api/users/me/phone/verification', body: {} }),
    statuses: [401, 202, 202, 202, 202, 202],
  },
  { call: 'GET /api/users', make: () => get('/api/users'), statuses: [401, 403, 403, 403, 403, 200] },

  // ---- events
  { call: 'GET /api/events', make: () => get('/api/events'), statuses: [401, 200, 200, 200, 200, 200] },
  {
    call: 'POST /api/events',
    make: () => ({ method: 'POST', path: '/api/events', body: eventBody(true) }),
    statuses: [401, 403, 403, 403, 403, 201],
  },
  {
    call: 'GET /api/events/:id',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}`),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'PATCH /api/events/:id',
    make: async (w, role) => ({
      method: 'PATCH',
      path: `/api/events/${await w.freshEventFor(role)}`,
      body: eventBody(role === 'member'),
    }),
    statuses: [401, 403, 403, 404, 403, 200],
  },
  {
    call: 'DELETE /api/events/:id',
    make: async (w, role) => ({ method: 'DELETE', path: `/api/events/${await w.freshEventFor(role)}` }),
    statuses: [401, 403, 403, 404, 403, 204],
  },
  {
    call: 'GET /api/events/:id/attendance',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}/attendance`),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'POST /api/events/:id/attend',
    make: (w, role) => ({
      method: 'POST',
      path: `/api/events/${w.eventFor(role)}/attend`,
      body: { status: 'attending' },
    }),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'GET /api/events/:id/attendees',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}/attendees`),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'GET /api/events/:id/host',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}/host`),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'GET /api/events/:id/comments',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}/comments`),
    statuses: [401, 200, 200, 404, 200, 200],
  },
  {
    call: 'POST /api/events/:id/comments',
    make: (w, role) => ({
      method: 'POST',
      path: `/api/events/${w.eventFor(role)}/comments`,
      body: { content: `Hello from ${role}` },
    }),
    statuses: [401, 201, 201, 404, 201, 201],
  },
  {
    call: 'GET /api/events/:id/invitations',
    make: (w, role) => get(`/api/events/${w.eventFor(role)}/invitations`),
    statuses: [401, 403, 403, 404, 403, 200],
  },
  {
    call: 'POST /api/events/:id/invitations',
    make: async (w, role) => ({
      method: 'POST',
      path: `/api/events/${await w.freshEventFor(role)}/invitations`,
      body: { userIds: [w.users.invited.id, w.users.member.id] },
    }),
    statuses: [401, 403, 403, 404, 403, 200],
  },

  // ---- admin settings and their tests
  {
    call: 'GET /api/notification-templates',
    make: () => get('/api/notification-templates'),
    statuses: [401, 403, 403, 403, 403, 200],
  },
  {
    call: 'POST /api/notification-templates',
    make: async (w) => {
      await w.app.deps.prisma.notificationTemplate.deleteMany({ where: { type: 'event_created', channel: 'sms' } });
      return {
        method: 'POST',
        path: '/api/notification-templates',
        body: { ...templateBody, type: 'event_created' },
      };
    },
    statuses: [401, 403, 403, 403, 403, 201],
  },
  {
    call: 'PATCH /api/notification-templates/:id',
    make: async (w) => ({
      method: 'PATCH',
      path: `/api/notification-templates/${await w.freshTemplate()}`,
      body: { ...templateBody, template: 'An edited template text' },
    }),
    statuses: [401, 403, 403, 403, 403, 200],
  },
  {
    call: 'DELETE /api/notification-templates/:id',
    make: async (w) => ({ method: 'DELETE', path: `/api/notification-templates/${await w.freshTemplate()}` }),
    statuses: [401, 403, 403, 403, 403, 200],
  },
  { call: 'GET /api/smtp-settings', make: () => get('/api/smtp-settings'), statuses: [401, 403, 403, 403, 403, 200] },
  {
    call: 'POST /api/smtp-settings',
    // No password: the stored one is kept, so the matrix's SMTP server stays usable for the rows below.
    make: () => ({ method: 'POST', path: '/api/smtp-settings', body: { ...smtpForm(), auth_pass: '' } }),
    statuses: [401, 403, 403, 403, 403, 200],
  },
  {
    call: 'POST /api/smtp-settings/test',
    make: () => ({ method: 'POST', path: '/api/smtp-settings/test', body: { testEmail: 'inbox@example.com' } }),
    statuses: [401, 403, 403, 403, 403, 200],
  },
  {
    call: 'POST /api/test-notification-template',
    make: () => ({ method: 'POST', path: '/api/test-notification-template' }),
    statuses: [401, 403, 403, 403, 403, 200],
  },

  // ---- sign-in, linking and the login-code flow
  { call: 'GET /api/health', make: () => get('/api/health'), statuses: [200, 200, 200, 200, 200, 200] },
  { call: 'GET /api/auth/config', make: () => get('/api/auth/config'), statuses: [200, 200, 200, 200, 200, 200] },
  {
    call: 'POST /api/auth/login with only {email, name}',
    make: (w) => ({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: w.users.admin.googleEmail, name: 'Claimed Admin' },
    }),
    statuses: [401, 401, 401, 401, 401, 401],
  },
  {
    call: 'POST /api/auth/state (login)',
    make: () => ({ method: 'POST', path: '/api/auth/state', body: { purpose: 'login' } }),
    statuses: [200, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/auth/state (link)',
    make: () => ({ method: 'POST', path: '/api/auth/state', body: { purpose: 'link' } }),
    statuses: [401, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/auth/telegram-login with widget data signed by another bot',
    make: async (w, _role, client) => ({
      method: 'POST',
      path: '/api/auth/telegram-login',
      body: {
        state: await authState(client, 'login'),
        telegramId: w.users.admin.telegramId,
        auth_data: signLoginWidget(
          { id: Number(w.users.admin.telegramId), first_name: 'Forged', auth_date: nowSeconds() },
          '123456:another-bot-token',
        ),
      },
    }),
    statuses: [401, 401, 401, 401, 401, 401],
  },
  {
    call: 'POST /api/auth/telegram-login with valid widget data but no state (login CSRF)',
    make: () => ({ method: 'POST', path: '/api/auth/telegram-login', body: { auth_data: freshWidget() } }),
    statuses: [403, 403, 403, 403, 403, 403],
  },
  {
    call: 'POST /api/auth/telegram-login with valid widget data and this browser’s state',
    make: async (_w, _role, client) => ({
      method: 'POST',
      path: '/api/auth/telegram-login',
      body: { state: await authState(client, 'login'), auth_data: freshWidget() },
    }),
    statuses: [200, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/auth/logout',
    make: () => ({ method: 'POST', path: '/api/auth/logout' }),
    statuses: [200, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/auth/link-accounts (Telegram) with valid widget data but no state',
    make: () => ({ method: 'POST', path: '/api/auth/link-accounts', body: { auth_data: freshWidget() } }),
    statuses: [401, 403, 403, 403, 403, 403],
  },
  {
    call: 'POST /api/auth/link-accounts (Telegram) with widget data signed by another bot',
    make: async (_w, role, client) => ({
      method: 'POST',
      path: '/api/auth/link-accounts',
      body: {
        ...(role === 'anonymous' ? {} : { state: await authState(client, 'link') }),
        auth_data: signLoginWidget({ id: 12345, first_name: 'Forged', auth_date: nowSeconds() }, '123456:other'),
      },
    }),
    statuses: [401, 401, 401, 401, 401, 401],
  },
  {
    call: 'POST /api/auth/link-accounts (email)',
    make: () => ({ method: 'POST', path: '/api/auth/link-accounts', body: { email: `link-${unique()}@example.com` } }),
    statuses: [401, 202, 202, 202, 202, 202],
  },
  {
    call: 'GET /api/auth/confirm-email with a malformed token',
    make: () => get('/api/auth/confirm-email?token=not-a-real-token'),
    statuses: [303, 303, 303, 303, 303, 303],
  },
  {
    call: 'GET /api/auth/confirm-email with an unknown token (redirected to say the link failed)',
    make: () => get(`/api/auth/confirm-email?token=${'t'.repeat(43)}`),
    statuses: [303, 303, 303, 303, 303, 303],
  },
  {
    call: 'POST /api/auth/confirm-email with an unknown token',
    make: () => ({ method: 'POST', path: `/api/auth/confirm-email?token=${'t'.repeat(43)}` }),
    statuses: [303, 303, 303, 303, 303, 303],
  },
  {
    call: 'GET /api/telegram/bot-info',
    make: () => get('/api/telegram/bot-info'),
    statuses: [200, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/telegram/register-login (login)',
    make: async (_w, _role, client) => ({
      method: 'POST',
      path: '/api/telegram/register-login',
      body: { mode: 'login', state: await authState(client, 'login') },
    }),
    statuses: [200, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/telegram/register-login (link)',
    make: async (_w, role, client) => ({
      method: 'POST',
      path: '/api/telegram/register-login',
      // Nobody signed in can get link state; the anonymous caller tries with login state.
      body: { mode: 'link', state: await authState(client, role === 'anonymous' ? 'login' : 'link') },
    }),
    statuses: [401, 200, 200, 200, 200, 200],
  },
  {
    call: 'POST /api/telegram/register-login without state',
    make: () => ({ method: 'POST', path: '/api/telegram/register-login', body: { mode: 'login' } }),
    statuses: [403, 403, 403, 403, 403, 403],
  },
  {
    call: 'POST /api/telegram/register-login with a login id of the caller’s choosing',
    make: () => ({ method: 'POST', path: '/api/telegram/register-login', body: { loginId: newLoginId() } }),
    statuses: [404, 404, 404, 404, 404, 404],
  },
  {
    call: "GET /api/telegram/check-login/:loginId of another browser's code",
    make: async (w) => {
      const other = w.app.anonymous();
      const started = await other.post('/api/telegram/register-login', {
        mode: 'login',
        state: await authState(other, 'login'),
      });
      expect(started.status).toBe(200);
      return get(`/api/telegram/check-login/${started.body.loginId}`);
    },
    statuses: [404, 404, 404, 404, 404, 404],
  },
];

function get(path: string): Call {
  return { method: 'GET', path };
}

let smtp: TestSmtpServer;
const smtpForm = () => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  auth_user: 'mailer',
  auth_pass: 'matrix-Secret-1',
  from_email: 'events@example.org',
  from_name: 'Community Events',
  enabled: true,
});

describe.each(DATABASE_KINDS)('permission matrix on %s', (kind) => {
  let world: World;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const app = await startTestApp(kind, {
      env: {
        ...TEST_BOT_ENV,
      },
    });
    const prisma = app.deps.prisma;
    // Everyone has an email and a phone of their own, so a leak of anyone's into a response can be seen.
    let phone = 4_915_100_000_000;
    const create = (name: string, data: Partial<User> = {}) =>
      prisma.user.create({
        data: { name, googleEmail: `${unique()}@example.com`, phoneNumber: `+${(phone += 1)}`, ...data },
      });
    const users = {
      member: await create('Matrix Member'),
      invited: await create('Matrix Invited'),
      uninvited: await create('Matrix Uninvited'),
      creator: await create('Matrix Creator'),
      admin: await create('Matrix Admin', {
        isAdmin: true,
        telegramId: String(900_000_000 + Math.floor(Math.random() * 1e6)),
      }),
    };
    const newEvent = async (isPublic: boolean) => {
      const event = await prisma.event.create({
        data: { ...eventBody(isPublic), date: new Date(eventBody(isPublic).date), creatorId: users.creator.id },
      });
      if (!isPublic) await prisma.invitation.create({ data: { eventId: event.id, userId: users.invited.id } });
      return event.id;
    };
    const privateEvent = await newEvent(false);
    const publicEvent = await newEvent(true);
    let templateType: 'event_created' | 'event_updated' = 'event_updated';
    world = {
      app,
      users,
      eventFor: (role) => (role === 'member' ? publicEvent : privateEvent),
      freshEventFor: (role) => newEvent(role === 'member'),
      async freshTemplate() {
        await prisma.notificationTemplate.deleteMany({ where: { channel: 'email' } });
        templateType = templateType === 'event_created' ? 'event_updated' : 'event_created';
        const template = await prisma.notificationTemplate.create({
          data: { type: templateType, channel: 'email', template: 'A template for the matrix', language: 'en' },
        });
        return template.id;
      },
    };
    const saved = await (await app.clientFor(users.admin)).post('/api/smtp-settings', smtpForm());
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await world?.app.stop();
    await smtp?.stop();
  });

  /** A new browser per call, so a logout or a sign-in attempt in one cell cannot change another. */
  async function clientFor(role: Role): Promise<TestClient> {
    return role === 'anonymous' ? world.app.anonymous() : world.app.clientFor(world.users[role]);
  }

  /** What this caller must never read of other users: their phones, and their emails unless it is an admin. */
  function othersContacts(role: Role): string[] {
    return Object.entries(world.users)
      .filter(([other]) => other !== role)
      .flatMap(([, user]) => (role === 'admin' ? [user.phoneNumber] : [user.phoneNumber, user.googleEmail]))
      .filter((value): value is string => Boolean(value));
  }

  it.each(ROWS.map((row) => [row.call, row] as const))(
    'When %s is called by each kind of caller, then each gets its expected status',
    async (_call, row) => {
      const expected: Partial<Record<Role, number>> = {};
      const actual: Partial<Record<Role, number>> = {};
      for (const [index, role] of ROLES.entries()) {
        const client = await clientFor(role);
        const call = await row.make(world, role, client);
        const res = await client.request(call.method, call.path, call.body);
        expected[role] = row.statuses[index];
        actual[role] = res.status;
        if (res.status >= 400) expect(typeof res.body?.error, `${role}: ${res.text}`).toBe('string');
        for (const secret of othersContacts(role)) expect(res.text, `${role} sees ${secret}`).not.toContain(secret);
      }
      expect(actual).toEqual(expected);
    },
  );
});
