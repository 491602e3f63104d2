// RSVP over HTTP: reading and setting one's attendance, the attendee list, and 100 members replying at once.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Summer hike',
  description: 'Ten kilometres along the ridge',
  date: '2030-07-10T08:00:00.000Z',
  location: 'North trailhead',
  imageUrl: '/images/events/hike.svg',
  isPublic: true,
  ...overrides,
});

/** What an answer to /attend carries besides status and count on an event without a capacity. */
const NO_LIMIT = { guests: 0, spotsLeft: null, waitlistCount: 0 };

describe.each(DATABASE_KINDS)('attendance API on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ isAdmin: true });
  });
  afterAll(() => app.stop());

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const attendanceRows = (eventId: number) => app.deps.prisma.attendance.findMany({ where: { eventId } });

  it('When a member has not replied, then their attendance is not_responded', async () => {
    const eventId = await createEvent();
    const { client } = await app.signedIn();
    const res = await client.get(`/api/events/${eventId}/attendance`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'not_responded', guests: 0, checkedIn: false });
  });

  it('When a member says they will attend and then cannot, then status and count follow each reply', async () => {
    const eventId = await createEvent();
    const { client, user } = await app.signedIn();

    const attend = await client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(attend.status).toBe(200);
    expect(attend.body).toEqual({ ...NO_LIMIT, status: 'attending', attendingCount: 1 });
    expect((await client.get(`/api/events/${eventId}/attendance`)).body).toEqual({
      status: 'attending',
      guests: 0,
      checkedIn: false,
    });
    expect((await client.get(`/api/events/${eventId}`)).body).toMatchObject({
      attendingCount: 1,
      myStatus: 'attending',
    });

    const decline = await client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    expect(decline.status).toBe(200);
    expect(decline.body).toEqual({ ...NO_LIMIT, status: 'not_attending', attendingCount: 0 });
    expect((await client.get(`/api/events/${eventId}/attendance`)).body).toEqual({
      status: 'not_attending',
      guests: 0,
      checkedIn: false,
    });

    const rows = await attendanceRows(eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, status: 'not_attending' });
  });

  it('When members reply, then the attendee list shows id, name and status and no one’s email', async () => {
    const eventId = await createEvent();
    const zoe = await app.signedIn({ name: 'Zoe', googleEmail: `zoe-${kind}@example.org`, phoneNumber: '+4915100000' });
    const bob = await app.signedIn({ name: 'Bob', googleEmail: `bob-${kind}@example.org` });
    const amy = await app.signedIn({
      name: 'Amy',
      linkedEmail: `amy-${kind}@example.org`,
      linkedEmailConfirmed: true,
      avatarUrl: 'https://t.me/i/userpic/320/amy.jpg',
    });
    await zoe.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    await bob.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    await amy.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });

    const res = await bob.client.get(`/api/events/${eventId}/attendees`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: amy.user.id, name: 'Amy', avatarUrl: 'https://t.me/i/userpic/320/amy.jpg', status: 'attending', guests: 0 },
      { id: zoe.user.id, name: 'Zoe', avatarUrl: null, status: 'attending', guests: 0 },
      { id: bob.user.id, name: 'Bob', avatarUrl: null, status: 'not_attending', guests: 0 },
    ]);
    expect(res.text).not.toContain('@example.org');
    expect(res.text).not.toContain('+4915100000');
  });

  it('When nobody replied yet, then the attendee list is empty', async () => {
    const eventId = await createEvent();
    const res = await admin.client.get(`/api/events/${eventId}/attendees`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  const badBodies: Array<[string, unknown, string]> = [
    ['the status is missing', {}, 'Status must be attending, not_attending or maybe'],
    ['the status is not_responded', { status: 'not_responded' }, 'Status must be attending, not_attending or maybe'],
    ['the status is made up', { status: 'perhaps' }, 'Status must be attending, not_attending or maybe'],
    ['the status is a number', { status: 1 }, 'Status must be attending, not_attending or maybe'],
    ['the status is huge', { status: 'attending'.repeat(5000) }, 'Status must be attending, not_attending or maybe'],
    ['the body is a list', [{ status: 'attending' }], 'expected object'],
  ];

  it.each(badBodies)(
    'When %s, then replying is 400 with a clear message and nothing is stored',
    async (_case, body, message) => {
      const eventId = await createEvent();
      const { client } = await app.signedIn();
      const res = await client.post(`/api/events/${eventId}/attend`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await attendanceRows(eventId)).toEqual([]);
    },
  );

  it('When the reply is malformed JSON or not JSON, then it is refused and nothing is stored', async () => {
    const eventId = await createEvent();
    const { client } = await app.signedIn();
    const malformed = await client.post(`/api/events/${eventId}/attend`, undefined, { rawBody: '{"status":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
    const form = await client.post(`/api/events/${eventId}/attend`, undefined, {
      rawBody: 'status=attending',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await attendanceRows(eventId)).toEqual([]);
  });

  it('When the event does not exist, then attendance, replies and attendees are 404', async () => {
    const { client } = await app.signedIn();
    for (const res of [
      await client.get('/api/events/987654/attendance'),
      await client.post('/api/events/987654/attend', { status: 'attending' }),
      await client.get('/api/events/987654/attendees'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
    }
    expect(await app.deps.prisma.attendance.count({ where: { eventId: 987654 } })).toBe(0);
  });

  it('When an invited member replies to a private event, then it is accepted', async () => {
    const eventId = await createEvent({ isPublic: false });
    const guest = await app.signedIn();
    await admin.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    const res = await guest.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...NO_LIMIT, status: 'attending', attendingCount: 1 });
  });

  it('When not signed in, then replying is 401 and nothing is stored', async () => {
    const eventId = await createEvent();
    const res = await app.anonymous().post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(res.status).toBe(401);
    expect(await attendanceRows(eventId)).toEqual([]);
  });

  it('When 100 members change their RSVP at the same moment, then each has exactly one row and the count is right', async () => {
    const eventId = await createEvent({ name: 'Big concert' });
    const members = await Promise.all(Array.from({ length: 100 }, () => app.signedIn()));
    // A few members had replied before, so the burst mixes inserts and updates.
    for (const { client } of members.slice(0, 10)) {
      await client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    }
    const wanted = members.map((_m, index) => (index % 3 === 0 ? 'not_attending' : 'attending'));

    const answers = await Promise.all(
      members.map(({ client }, index) => client.post(`/api/events/${eventId}/attend`, { status: wanted[index] })),
    );

    for (const res of answers) expect(res.status).toBe(200);
    const rows = await attendanceRows(eventId);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(100);
    for (const [index, { user }] of members.entries()) {
      expect(rows.find((row) => row.userId === user.id)?.status).toBe(wanted[index]);
    }
    const expectedCount = wanted.filter((status) => status === 'attending').length;
    const details = await admin.client.get(`/api/events/${eventId}`);
    expect(details.body.attendingCount).toBe(expectedCount);
    const list = await admin.client.get('/api/events');
    expect(list.body.find((event: { id: number }) => event.id === eventId).attendingCount).toBe(expectedCount);
  });

  it('When one member sends many replies at once, then they still have a single row', async () => {
    const eventId = await createEvent();
    const { client, user } = await app.signedIn();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_x, index) =>
        client.post(`/api/events/${eventId}/attend`, { status: index % 2 ? 'attending' : 'not_attending' }),
      ),
    );

    for (const res of answers) expect(res.status).toBe(200);
    const rows = await attendanceRows(eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(user.id);
  });
});
