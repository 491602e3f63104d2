// A database outage (a PostgreSQL restart, a network cut) is answered 503 with Retry-After — not 500 "Something
// went wrong" — nothing is left half-written, and the app serves again once the database is back. The app reaches
// PostgreSQL through a local TCP relay that the test cuts and restores. PGlite runs in process and cannot be cut.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/env';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestApp, type TestApp } from '../support/test-app';

const UNAVAILABLE = {
  code: expect.any(String),
  error: 'The service is temporarily unavailable. Please try again in a moment.',
};

function expectUnavailable(res: TestResponse) {
  expect({ status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body as unknown }).toEqual({
    status: 503,
    retryAfter: '5',
    body: UNAVAILABLE,
  });
}

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Climbing wall',
  description: 'Shoes provided',
  date: '2030-11-05T17:00:00.000Z',
  location: 'Sports centre',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
  ...overrides,
});

describe.skipIf(!TEST_DATABASE_URL)('a database outage on postgres', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let eventId: number;

  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    app = await startTestApp('postgres', { routeDatabase: (url) => proxy.route(url) });
    admin = (await app.signedIn({ isAdmin: true, googleEmail: 'outage-admin@example.org' })).client;
    member = (await app.signedIn()).client;
    const created = await admin.post('/api/events', eventBody());
    expect(created.status).toBe(201);
    eventId = created.body.id as number;
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await proxy.restore();
    await app.stop();
    await proxy.close();
  });

  /** Back once the app's own health check says so (the pool reconnects on demand). */
  async function databaseBack() {
    await proxy.restore();
    await expect.poll(async () => (await app.anonymous().get('/api/health')).status, { timeout: 15_000 }).toBe(200);
  }

  it('When the database is cut off, then reads, writes and sign-in answer 503 with Retry-After and health says why', async () => {
    expect((await app.anonymous().get('/api/health')).status).toBe(200);
    await proxy.cut();

    expectUnavailable(await member.get('/api/events'));
    expectUnavailable(await member.get(`/api/events/${eventId}`));
    expectUnavailable(await member.post(`/api/events/${eventId}/comments`, { content: 'Said during the outage' }));
    expectUnavailable(await member.post(`/api/events/${eventId}/attend`, { status: 'attending' }));
    expectUnavailable(await admin.post('/api/events', eventBody({ name: 'Planned during the outage' })));
    expectUnavailable(await app.anonymous().post('/api/auth/login', { credential: 'x.y.z' }));

    const health = await app.anonymous().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(health.body).toEqual({
      code: expect.any(String),
      error: 'Database unavailable',
      status: 'error',
      database: 'error',
    });
    // A load balancer takes the instance out; its supervisor leaves the running process alone.
    const ready = await app.anonymous().get('/api/health/ready');
    expect({ status: ready.status, retryAfter: ready.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect((await app.anonymous().get('/api/health/live')).status).toBe(200);

    await databaseBack();
    expect((await app.anonymous().get('/api/health/ready')).status).toBe(200);
    // What was refused during the outage did not happen...
    expect((await member.get(`/api/events/${eventId}/comments`)).body).toEqual([]);
    expect((await member.get(`/api/events/${eventId}/attendance`)).body).toMatchObject({ status: 'not_responded' });
    const names = ((await admin.get('/api/events')).body as Array<{ name: string }>).map((event) => event.name);
    expect(names).not.toContain('Planned during the outage');
    // ...and now it does.
    expect((await member.post(`/api/events/${eventId}/comments`, { content: 'Back again' })).status).toBe(201);
    expect((await member.post(`/api/events/${eventId}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await member.get(`/api/events/${eventId}/comments`)).body).toMatchObject([{ content: 'Back again' }]);
  });

  it('When connections drop in the middle of transactions, again and again, then each write is rolled back whole and the app serves on', async () => {
    const [a, b, c] = await Promise.all([app.signedIn(), app.signedIn(), app.signedIn()]);
    const created = await admin.post('/api/events', eventBody({ name: 'Invitation only', isPublic: false }));
    const privateId = created.body.id as number;
    const invite = (users: Array<{ user: { id: number } }>) =>
      admin.post(`/api/events/${privateId}/invitations`, { userIds: users.map((invitee) => invitee.user.id) });
    expect((await invite([a!, b!])).status).toBe(200);

    // Replacing {a, b} by {a, c} deletes b's invitation, then inserts c's: the connection dies between the two.
    // More times than the app's pool has connections (5): a connection lost mid-transaction must not stay taken.
    for (let round = 0; round < 6; round += 1) {
      const cut = proxy.cutWhenSent('INSERT INTO "public"."invitations"');
      expectUnavailable(await invite([a!, c!]));
      await cut;
      await databaseBack();

      const invited = (await admin.get(`/api/events/${privateId}/invitations`)).body as Array<{ userId: number }>;
      expect(invited.map((row) => row.userId).sort()).toEqual([a!.user.id, b!.user.id].sort());
      expect((await b!.client.get(`/api/events/${privateId}`)).status).toBe(200);
      expect((await c!.client.get(`/api/events/${privateId}`)).status).toBe(404);
    }

    const retried = await invite([a!, c!]);
    expect(retried.status).toBe(200);
    expect((await c!.client.get(`/api/events/${privateId}`)).status).toBe(200);
  });
});
