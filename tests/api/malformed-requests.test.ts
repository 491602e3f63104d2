// Requests that break HTTP itself rather than a schema: undecodable paths, corrupt compressed bodies, and a
// sweep of hostile bodies over every route. Each must get a 4xx `{ error }` (or succeed), never a 500.
import type { User } from '@prisma/client';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTestApp, TEST_BOT_ENV, type TestApp } from '../support/test-app';

const eventBody = {
  name: 'Board games',
  description: 'Bring your favourite game',
  date: '2030-03-01T18:00:00.000Z',
  location: 'Youth Centre',
  imageUrl: '/images/events/hike.svg',
  isPublic: true,
};

/** Every route with a path parameter, as method and path with {id} where the parameter goes. */
const PARAM_ROUTES: Array<[string, string]> = [
  ['GET', '/api/events/{id}'],
  ['PATCH', '/api/events/{id}'],
  ['DELETE', '/api/events/{id}'],
  ['GET', '/api/events/{id}/attendance'],
  ['POST', '/api/events/{id}/attend'],
  ['GET', '/api/events/{id}/attendees'],
  ['GET', '/api/events/{id}/host'],
  ['GET', '/api/events/{id}/comments'],
  ['POST', '/api/events/{id}/comments'],
  ['GET', '/api/events/{id}/invitations'],
  ['POST', '/api/events/{id}/invitations'],
  ['PATCH', '/api/notification-templates/{id}'],
  ['DELETE', '/api/notification-templates/{id}'],
  ['GET', '/api/telegram/check-login/{id}'],
  ['GET', '/api/events/{id}/trip-sheet'],
  ['GET', '/api/events/{id}/trip-sheet.csv'],
  ['GET', '/api/guardian/children/{id}/care'],
  ['PUT', '/api/guardian/children/{id}/care'],
  ['GET', '/api/guardian/children/{id}/care/rules'],
  ['GET', '/api/guardian/children/{id}/events'],
];

/** Every route a client can call with a body. */
const BODY_ROUTES: Array<[string, string]> = [
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/state'],
  ['POST', '/api/auth/telegram-login'],
  ['POST', '/api/auth/link-accounts'],
  ['POST', '/api/telegram/register-login'],
  ['PATCH', '/api/users/me'],
  ['PATCH', '/api/users/me/preferences'],
  ['POST', '/api/users/me/phone/verification'],
  ['POST', '/api/users/me/phone/verify'],
  ['POST', '/api/events'],
  ['PATCH', '/api/events/{id}'],
  ['POST', '/api/events/{id}/attend'],
  ['POST', '/api/events/{id}/comments'],
  ['POST', '/api/events/{id}/invitations'],
  ['POST', '/api/notification-templates'],
  ['PATCH', '/api/notification-templates/{id}'],
  ['POST', '/api/smtp-settings'],
  ['PUT', '/api/users/me/care'],
  ['PUT', '/api/guardian/children/{id}/care'],
];

const HOSTILE_BODIES: unknown[] = [
  [],
  [{ name: 'x' }],
  { a: { b: { c: [1, { d: null }] } } },
  { ...eventBody, name: ['x'], date: 1e308, isPublic: 'true' },
  { ...eventBody, date: '+275760-09-13T00:00:00.000Z' },
  { status: ['attending'], content: { text: 'hi' }, userIds: ['1', 1e20, -1] },
  { phoneNumber: 1234567, telegramUsername: { x: 1 }, preferences: 'email' },
  { type: 'event_created', channel: 'email', template: 12345678901 },
  { host: 'smtp.example.org', port: 1e308, auth_user: 'u', auth_pass: ['p'], from_email: 'a@b.co', from_name: 'n' },
  { credential: ['token'], demoAccount: 'constructor', email: { toString: 'x' } },
  { auth_data: { id: 1e25, first_name: { a: 1 }, auth_date: 'yesterday', hash: 'h' } },
  { loginId: ['a'.repeat(20)], mode: 'admin' },
  { purpose: ['login'], mode: 'link', state: { $ne: null }, auth_data: { id: 1, hash: ['h'] } },
];

const expectClientError = (res: TestResponse, what: string) => {
  expect({ what, status: res.status >= 400 && res.status < 500 }).toEqual({ what, status: true });
  expect({ what, error: typeof res.body?.error }).toEqual({ what, error: 'string' });
};

describe.each(DATABASE_KINDS)('malformed requests on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let eventId: number;
  let templateId: number;

  const rowCounts = async () => ({
    events: await app.deps.prisma.event.count(),
    attendances: await app.deps.prisma.attendance.count(),
    comments: await app.deps.prisma.comment.count(),
    invitations: await app.deps.prisma.invitation.count(),
    templates: await app.deps.prisma.notificationTemplate.count(),
    users: await app.deps.prisma.user.count(),
  });

  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: TEST_BOT_ENV,
    });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    member = await app.signedIn({ name: 'Max Member' });
    eventId = (await admin.client.post('/api/events', eventBody)).body.id;
    templateId = (
      await admin.client.post('/api/notification-templates', {
        type: 'event_created',
        channel: 'email',
        template: 'New event: {{eventName}}',
      })
    ).body.id;
  });
  afterAll(() => app.stop());

  it('When a path parameter has broken percent-encoding, then every route answers 400 and changes nothing', async () => {
    const before = await rowCounts();
    for (const client of [admin.client, member.client]) {
      for (const [method, path] of PARAM_ROUTES) {
        for (const param of ['%', '%E0%A4%A', '1%ZZ']) {
          const res = await client.request(method, path.replace('{id}', param), method === 'GET' ? undefined : {});
          expectClientError(res, `${method} ${path} with ${param}`);
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed URL' });
        }
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('When a compressed body is corrupt, then it answers 400 and changes nothing', async () => {
    const before = await rowCounts();
    const truncated = gzipSync(JSON.stringify(eventBody)).subarray(0, 20);
    for (const [encoding, body] of [
      ['gzip', truncated],
      ['deflate', Buffer.from('not deflate at all')],
      ['br', Buffer.from('not brotli either')],
    ] as const) {
      const res = await fetch(`${app.url}/api/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': encoding,
          cookie: [...admin.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
        body,
      });
      expect({ encoding, status: res.status, body: await res.json() }).toEqual({
        encoding,
        status: 400,
        body: { code: 'invalid_body', error: 'Invalid request body' },
      });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('When a well-formed gzip-encoded body arrives, then it is read like any other', async () => {
    const res = await fetch(`${app.url}/api/events/${eventId}/comments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: gzipSync(JSON.stringify({ content: 'Compressed hello' })),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ content: 'Compressed hello' });
  });

  it('When any route gets bodies of the wrong shape, then each answer is a 4xx with an error and nothing changes', async () => {
    const before = await rowCounts();
    for (const [label, client] of [
      ['admin', admin.client],
      ['member', member.client],
      ['anonymous', app.anonymous()],
    ] as const) {
      for (const [method, template] of BODY_ROUTES) {
        const path = template.replace('{id}', String(template.includes('templates') ? templateId : eventId));
        for (const body of HOSTILE_BODIES) {
          const res = await client.request(method, path, body);
          expectClientError(res, `${label} ${method} ${path} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});
