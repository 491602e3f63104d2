// One member cannot flood the app with writes: comments have a tight per-member limit, every other write a
// general one (counted per user id in the database); reads, other members and signing out are unaffected.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const COMMENTS_PER_MINUTE = 3;
const WRITES_PER_MINUTE = 6;
const TOO_MANY = { code: expect.any(String), error: 'Too many requests. Please wait a minute and try again.' };

/** The answer a limited client sees: 429, the `{ error }` body, and whole seconds to wait (within the window). */
function expectLimited(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
}

describe.each(DATABASE_KINDS)('per-member write limits on %s', (kind) => {
  let app: TestApp;
  let eventId: number;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: {
        RATE_LIMIT_COMMENTS_PER_MINUTE: String(COMMENTS_PER_MINUTE),
        RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
      },
    });
    const admin = await app.signedIn({ isAdmin: true, googleEmail: `limits-${kind}@example.org` });
    const created = await admin.client.post('/api/events', {
      name: 'Board games night',
      description: 'Bring a game',
      date: '2030-10-01T18:00:00.000Z',
      location: 'Club room',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
    });
    expect(created.status).toBe(201);
    eventId = created.body.id as number;
  });
  afterAll(() => app.stop());

  const comment = (client: TestClient, content: string) => client.post(`/api/events/${eventId}/comments`, { content });
  const storedComments = (user: User) => app.deps.prisma.comment.count({ where: { eventId, userId: user.id } });

  it('When a member posts comments past the limit, then they get 429 with Retry-After and nothing more is stored', async () => {
    const spammer = await app.signedIn();
    for (let n = 1; n <= COMMENTS_PER_MINUTE; n += 1) {
      expect((await comment(spammer.client, `spam ${n}`)).status).toBe(201);
    }
    expectLimited(await comment(spammer.client, 'one too many'));
    expectLimited(await comment(spammer.client, 'and another'));
    expect(await storedComments(spammer.user)).toBe(COMMENTS_PER_MINUTE);

    // Another member is not affected.
    const neighbour = await app.signedIn();
    expect((await comment(neighbour.client, 'Looking forward to it')).status).toBe(201);
    // The limited member can still read, and still do other writes within the general limit.
    const read = await spammer.client.get(`/api/events/${eventId}/comments`);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(COMMENTS_PER_MINUTE + 1);
    expect((await spammer.client.get('/api/events')).status).toBe(200);
    expect((await spammer.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).status).toBe(200);
  });

  it('When a member keeps writing (RSVPs, settings), then the general limit stops every kind of write but not reads or signing out', async () => {
    const member = await app.signedIn();
    const statuses = ['attending', 'not_attending'] as const;
    for (let n = 0; n < WRITES_PER_MINUTE; n += 1) {
      const res = await member.client.post(`/api/events/${eventId}/attend`, { status: statuses[n % 2] });
      expect(res.status).toBe(200);
    }
    expectLimited(await member.client.post(`/api/events/${eventId}/attend`, { status: 'attending' }));
    expectLimited(await member.client.patch('/api/users/me/preferences', { preferences: [] }));
    expectLimited(await comment(member.client, 'Within the comment limit, but not the general one'));
    // An invalid write counts too, and is refused before it is looked at.
    expectLimited(await member.client.post(`/api/events/${eventId}/attend`, { status: 'maybe' }));

    const attendance = await member.client.get(`/api/events/${eventId}/attendance`);
    expect(attendance.status).toBe(200);
    expect(attendance.body).toMatchObject({ status: 'not_attending' });
    expect((await member.client.get('/api/users/me')).status).toBe(200);

    const other = await app.signedIn();
    expect((await other.client.patch('/api/users/me/preferences', { preferences: [] })).status).toBe(200);

    expect((await member.client.post('/api/auth/logout')).status).toBe(200);
    expect((await member.client.get('/api/users/me')).status).toBe(401);
  });
});
