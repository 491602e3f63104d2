// The events API over HTTP: list, details, create, edit, delete, visibility, notification triggers and
// hostile input, on PGlite and (when configured) PostgreSQL.
import type { Prisma, User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../api/src/system/services';
import { LIMITS } from '../../shared/constants';
import type { EventCreateInput } from '../../shared/schemas/events';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventBody, eventRow } from '../support/events';
import { recordingTriggers, type TriggerCall } from '../support/triggers';

describe.each(DATABASE_KINDS)('events API on %s', (kind) => {
  let app: TestApp;
  const calls: TriggerCall[] = [];
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind, { notifications: recordingTriggers(calls) });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, googleEmail: `ada-${kind}@example.org` });
    member = await app.signedIn({ name: 'Max Member', googleEmail: `max-${kind}@example.org` });
  });
  afterAll(() => app.stop());
  beforeEach(() => {
    calls.length = 0;
  });

  async function createEvent(overrides: Partial<EventCreateInput> = {}, client = admin.client) {
    const res = await client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    calls.length = 0; // a test's assertions are about what it does next
    return res.body as { id: number; name: string; creatorId: number };
  }

  /** An event of another creator (a member who is not, or no longer, an admin: only the database makes one). */
  const eventOwnedBy = (user: User, overrides: Partial<Prisma.EventUncheckedCreateInput> = {}) =>
    app.deps.prisma.event.create({ data: eventRow(user.id, overrides) });

  const rowCounts = async () => ({
    events: await app.deps.prisma.event.count(),
    attendances: await app.deps.prisma.attendance.count(),
    comments: await app.deps.prisma.comment.count(),
    invitations: await app.deps.prisma.invitation.count(),
  });

  describe('listing and details', () => {
    it('When a member lists events, then they see visible events by date with counts and their own RSVP', async () => {
      const later = await createEvent({ name: 'Later hike', date: '2031-03-01T09:00:00.000Z' });
      const sooner = await createEvent({ name: 'Sooner concert', date: '2029-03-01T19:00:00.000Z' });
      const hidden = await createEvent({ name: 'Board meeting', date: '2030-01-01T10:00:00.000Z', isPublic: false });
      const other = await app.signedIn();
      await member.client.post(`/api/events/${later.id}/attend`, { status: 'attending' });
      await other.client.post(`/api/events/${later.id}/attend`, { status: 'attending' });
      await other.client.post(`/api/events/${sooner.id}/attend`, { status: 'not_attending' });

      const res = await member.client.get('/api/events');

      expect(res.status).toBe(200);
      const list = res.body as Array<{ id: number; date: string; attendingCount: number; myStatus: string }>;
      const ids = list.map((event) => event.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      const dates = list.map((event) => Date.parse(event.date));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      expect(list.find((event) => event.id === later.id)).toMatchObject({
        name: 'Later hike',
        description: 'Songs and marshmallows by the lake',
        location: 'Lakeside camp',
        imageUrl: '/images/events/campfire.svg',
        date: '2031-03-01T09:00:00.000Z',
        isPublic: true,
        creatorId: admin.user.id,
        attendingCount: 2,
        myStatus: 'attending',
      });
      expect(list.find((event) => event.id === sooner.id)).toMatchObject({
        attendingCount: 0,
        myStatus: 'not_responded',
      });
    });

    it('When an admin lists events, then private events of others are included', async () => {
      const creator = await app.signedIn({ name: 'Former admin' });
      const secret = await eventOwnedBy(creator.user, { name: 'Secret planning', isPublic: false });
      const res = await admin.client.get('/api/events');
      expect(res.status).toBe(200);
      expect((res.body as Array<{ id: number }>).map((event) => event.id)).toContain(secret.id);
    });

    it('When a member is invited to a private event, then it shows in their list and details', async () => {
      const event = await createEvent({ name: 'Invite only', isPublic: false });
      const guest = await app.signedIn();
      expect((await guest.client.get(`/api/events/${event.id}`)).status).toBe(404);

      await admin.client.post(`/api/events/${event.id}/invitations`, { userIds: [guest.user.id] });

      const list = await guest.client.get('/api/events');
      expect((list.body as Array<{ id: number }>).map((item) => item.id)).toContain(event.id);
      const details = await guest.client.get(`/api/events/${event.id}`);
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ id: event.id, name: 'Invite only', isPublic: false });
    });

    it('When the creator of a private event lists events, then they see it', async () => {
      const creator = await app.signedIn();
      const own = await eventOwnedBy(creator.user, { isPublic: false });
      const res = await creator.client.get('/api/events');
      expect((res.body as Array<{ id: number }>).map((item) => item.id)).toContain(own.id);
    });

    it('When an event does not exist, then its details are 404 Event not found', async () => {
      const res = await member.client.get('/api/events/987654');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
    });

    it('When nobody is signed in, then the list is 401 with the SPEC message', async () => {
      const res = await app.anonymous().get('/api/events');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
    });

    it('When the bot asks for upcoming events, then past ones are left out and the soonest come first', async () => {
      const past = await createEvent({ name: 'Yesterday', date: '2020-01-01T10:00:00.000Z' });
      const soon = await createEvent({ name: 'Soon', date: '2027-01-01T10:00:00.000Z' });
      const hidden = await createEvent({ name: 'Hidden', date: '2027-01-02T10:00:00.000Z', isPublic: false });
      const { events } = createServices({ ...app.deps, now: () => new Date('2026-12-31T00:00:00.000Z') });

      const upcoming = await events.upcomingEvents({ id: member.user.id, isAdmin: false, role: 'member' }, 3);

      expect(upcoming.length).toBeLessThanOrEqual(3);
      expect(upcoming[0]).toMatchObject({ id: soon.id, name: 'Soon' });
      const ids = upcoming.map((event) => event.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(hidden.id);
    });
  });

  describe('creating', () => {
    it('When an admin creates an event, then it answers 201 with the event and triggers eventCreated', async () => {
      const res = await admin.client.post('/api/events', eventBody({ name: '  Spring fair  ', isPublic: false }));

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        name: 'Spring fair',
        date: '2030-06-01T18:30:00.000Z',
        isPublic: false,
        creatorId: admin.user.id,
        attendingCount: 0,
        myStatus: 'not_responded',
      });
      const stored = await app.deps.prisma.event.findUnique({ where: { id: res.body.id } });
      expect(stored).toMatchObject({ name: 'Spring fair', location: 'Lakeside camp', creatorId: admin.user.id });
      expect(calls).toEqual([['eventCreated', res.body.id]]);
    });

    it('When isPublic is left out, then the event is public', async () => {
      const { isPublic: _omit, ...body } = eventBody();
      const res = await admin.client.post('/api/events', body);
      expect(res.status).toBe(201);
      expect(res.body.isPublic).toBe(true);
    });

    it('When a member tries to create an event, then it is 403 with the SPEC message and nothing is stored', async () => {
      const before = await rowCounts();
      const res = await member.client.post('/api/events', eventBody());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Only administrators can create events.' });
      expect(await rowCounts()).toEqual(before);
      expect(calls).toEqual([]);
    });

    it('When a member sends an invalid event, then the answer is still 403, not a validation hint', async () => {
      const res = await member.client.post('/api/events', { name: 42 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Only administrators can create events.' });
    });

    const badBodies: Array<[string, unknown, string]> = [
      ['the name is missing', eventBody({ name: undefined }), 'All fields are required'],
      ['the name is only spaces', eventBody({ name: '   ' }), 'All fields are required'],
      ['the description is empty', eventBody({ description: '' }), 'All fields are required'],
      ['the location is missing', eventBody({ location: undefined }), 'All fields are required'],
      ['the image is missing', eventBody({ imageUrl: undefined }), 'All fields are required'],
      ['the date is missing', eventBody({ date: undefined }), 'All fields are required'],
      ['the date cannot be parsed', eventBody({ date: 'next friday-ish' }), 'Invalid date format'],
      ['the date is a bare number', eventBody({ date: '1' }), 'Invalid date format'],
      ['the date is words a JavaScript engine guesses at', eventBody({ date: 'March 7' }), 'Invalid date format'],
      ['the date is in a local layout', eventBody({ date: '06/01/2030 18:30' }), 'Invalid date format'],
      ['the date is far in the past', eventBody({ date: '-100000-01-01T00:00:00Z' }), 'Date must be between'],
      ['the date is beyond year 9999', eventBody({ date: '+275760-09-13T00:00:00Z' }), 'Date must be between'],
      ['the name is a number', { ...eventBody(), name: 42 }, 'All fields are required'],
      ['isPublic is a string', { ...eventBody(), isPublic: 'yes' }, 'isPublic must be true or false'],
      ['the name is huge', eventBody({ name: 'x'.repeat(LIMITS.eventName + 1) }), 'at most 200 characters'],
      ['the description is huge', eventBody({ description: 'x'.repeat(60_000) }), 'at most 5000 characters'],
      ['the image is a javascript: URL', eventBody({ imageUrl: 'javascript:alert(1)' }), 'one of the sample images'],
      ['the name holds a NUL character', eventBody({ name: 'a\u0000b' }), 'characters that are not allowed'],
      ['the name holds a lone surrogate', eventBody({ name: 'a\ud800b' }), 'characters that are not allowed'],
      ['the body is a list', [eventBody()], 'expected object'],
    ];

    it.each(badBodies)(
      'When %s, then creating is 400 with a clear message and nothing is stored',
      async (_case, body, message) => {
        const before = await rowCounts();
        const res = await admin.client.post('/api/events', body);
        expect(res.status).toBe(400);
        expect(res.body.error).toContain(message);
        expect(await rowCounts()).toEqual(before);
        expect(calls).toEqual([]);
      },
    );

    it('When the JSON is malformed, then creating is 400 and nothing is stored', async () => {
      const before = await rowCounts();
      const res = await admin.client.post('/api/events', undefined, { rawBody: '{"name": "Broken",' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
      expect(await rowCounts()).toEqual(before);
    });

    it('When the body is too large, then creating is 413 and nothing is stored', async () => {
      const before = await rowCounts();
      const res = await admin.client.post('/api/events', eventBody({ description: 'x'.repeat(200_000) }));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Request body is too large' });
      expect(await rowCounts()).toEqual(before);
    });

    it('When writing its notification job fails, then the event is not created either (one transaction)', async () => {
      const failing = await startTestApp(kind, {
        notifications: {
          ...recordingTriggers([]),
          eventCreated: async () => {
            throw new Error('outbox unavailable');
          },
        },
      });
      try {
        const { client } = await failing.signedIn({ isAdmin: true });
        const res = await client.post('/api/events', eventBody());
        expect(res.status).toBe(500);
        expect(await failing.deps.prisma.event.count()).toBe(0);
      } finally {
        await failing.stop();
      }
    });
  });

  describe('editing', () => {
    it('When the creator changes date and location, then the event is returned and eventUpdated says so', async () => {
      const creator = await app.signedIn({ isAdmin: true });
      const event = await eventOwnedBy(creator.user);

      const res = await creator.client.patch(
        `/api/events/${event.id}`,
        eventBody({ date: '2030-06-02T18:30:00.000Z', location: 'Town hall' }),
      );

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: event.id,
        date: '2030-06-02T18:30:00.000Z',
        location: 'Town hall',
        creatorId: creator.user.id,
      });
      const stored = await app.deps.prisma.event.findUnique({ where: { id: event.id } });
      expect(stored).toMatchObject({ location: 'Town hall', date: new Date('2030-06-02T18:30:00.000Z') });
      expect(calls).toEqual([['eventUpdated', event.id, ['date', 'location']]]);
    });

    it('When only the name or description changes, then eventUpdated says the details were updated', async () => {
      const event = await createEvent();
      const res = await admin.client.patch(`/api/events/${event.id}`, eventBody({ description: 'Now with a band' }));
      expect(res.status).toBe(200);
      expect(res.body.description).toBe('Now with a band');
      expect(calls).toEqual([['eventUpdated', event.id, ['details']]]);
    });

    it('When the visibility, date and name change together, then every change is named', async () => {
      const event = await createEvent();
      await admin.client.patch(
        `/api/events/${event.id}`,
        eventBody({ name: 'Renamed', date: '2030-07-01T18:30:00.000Z', isPublic: false }),
      );
      expect(calls).toEqual([['eventUpdated', event.id, ['date', 'isPublic', 'details']]]);
    });

    it('When an edit changes nothing, then it succeeds and nobody is notified', async () => {
      const event = await createEvent();
      calls.length = 0;
      const res = await admin.client.patch(`/api/events/${event.id}`, eventBody());
      expect(res.status).toBe(200);
      expect(calls).toEqual([]);
    });

    it('When an edit of a private event leaves isPublic out, then the event stays private and hidden', async () => {
      const event = await createEvent({ isPublic: false });
      const { isPublic: _omit, ...body } = eventBody({ name: 'Renamed quietly' });

      const res = await admin.client.patch(`/api/events/${event.id}`, body);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Renamed quietly', isPublic: false });
      expect((await app.deps.prisma.event.findUnique({ where: { id: event.id } }))?.isPublic).toBe(false);
      expect((await member.client.get(`/api/events/${event.id}`)).status).toBe(404);
      expect(calls).toEqual([['eventUpdated', event.id, ['details']]]);
    });

    it("When an admin edits someone else's event, then it is allowed", async () => {
      const creator = await app.signedIn();
      const event = await eventOwnedBy(creator.user, { isPublic: false });
      const res = await admin.client.patch(`/api/events/${event.id}`, eventBody({ name: 'Fixed by admin' }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Fixed by admin', creatorId: creator.user.id });
    });

    it('When a member edits a public event they did not create, then it is 403 with the SPEC message and unchanged', async () => {
      const event = await createEvent();
      const res = await member.client.patch(`/api/events/${event.id}`, eventBody({ name: 'Hijacked' }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: expect.any(String), error: "You can only edit events you've created" });
      expect((await app.deps.prisma.event.findUnique({ where: { id: event.id } }))?.name).toBe('Campfire night');
      expect(calls).toEqual([]);
    });

    it('When the edit is invalid, then it is 400 and the stored event is unchanged', async () => {
      const event = await createEvent();
      const before = await app.deps.prisma.event.findUnique({ where: { id: event.id } });
      for (const body of [eventBody({ date: 'soon' }), eventBody({ name: '' }), { name: 'Only a name' }, 'text']) {
        const res = await admin.client.patch(`/api/events/${event.id}`, body);
        expect(res.status).toBe(400);
        expect(typeof res.body.error).toBe('string');
      }
      const malformed = await admin.client.patch(`/api/events/${event.id}`, undefined, { rawBody: '{' });
      expect(malformed.status).toBe(400);
      expect(await app.deps.prisma.event.findUnique({ where: { id: event.id } })).toEqual(before);
      expect(calls).toEqual([]);
    });

    it('When the event does not exist, then editing is 404', async () => {
      const res = await admin.client.patch('/api/events/987654', eventBody());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
    });
  });

  describe('deleting', () => {
    it('When the creator deletes an event, then it and its attendees, comments and invitations are gone', async () => {
      const creator = await app.signedIn({ isAdmin: true });
      const event = await eventOwnedBy(creator.user, { isPublic: false });
      const guest = await app.signedIn();
      expect(
        (await creator.client.post(`/api/events/${event.id}/invitations`, { userIds: [guest.user.id] })).status,
      ).toBe(200);
      expect((await guest.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
      expect((await guest.client.post(`/api/events/${event.id}/comments`, { content: 'See you!' })).status).toBe(201);
      const keep = await createEvent();
      await guest.client.post(`/api/events/${keep.id}/attend`, { status: 'attending' });

      const res = await creator.client.delete(`/api/events/${event.id}`);

      expect(res.status).toBe(204);
      const { prisma } = app.deps;
      expect(await prisma.event.findUnique({ where: { id: event.id } })).toBeNull();
      expect(await prisma.attendance.count({ where: { eventId: event.id } })).toBe(0);
      expect(await prisma.comment.count({ where: { eventId: event.id } })).toBe(0);
      expect(await prisma.invitation.count({ where: { eventId: event.id } })).toBe(0);
      expect(await prisma.attendance.count({ where: { eventId: keep.id } })).toBe(1);
      expect((await creator.client.get(`/api/events/${event.id}`)).status).toBe(404);
      expect((await creator.client.delete(`/api/events/${event.id}`)).status).toBe(404);
    });

    it("When an admin deletes someone else's event, then it is deleted", async () => {
      const creator = await app.signedIn();
      const event = await eventOwnedBy(creator.user);
      expect((await admin.client.delete(`/api/events/${event.id}`)).status).toBe(204);
      expect(await app.deps.prisma.event.findUnique({ where: { id: event.id } })).toBeNull();
    });

    it('When a member deletes an event they did not create, then it is 403 and the event stays', async () => {
      const event = await createEvent();
      const res = await member.client.delete(`/api/events/${event.id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: expect.any(String), error: "You can only delete events you've created" });
      expect(await app.deps.prisma.event.findUnique({ where: { id: event.id } })).not.toBeNull();
    });
  });

  describe('private events and odd ids', () => {
    it('When an uninvited member touches a private event anywhere, then every endpoint answers 404 and nothing changes', async () => {
      const event = await createEvent({ name: 'Leaders only', isPublic: false });
      await admin.client.post(`/api/events/${event.id}/comments`, { content: 'Agenda soon' });
      const outsider = await app.signedIn();
      const before = await rowCounts();
      const base = `/api/events/${event.id}`;
      const { client } = outsider;

      const answers = [
        await client.get(base),
        await client.patch(base, eventBody({ name: 'Mine now' })),
        await client.delete(base),
        await client.get(`${base}/attendance`),
        await client.post(`${base}/attend`, { status: 'attending' }),
        await client.get(`${base}/attendees`),
        await client.get(`${base}/comments`),
        await client.post(`${base}/comments`, { content: 'Let me in' }),
        await client.get(`${base}/invitations`),
        await client.post(`${base}/invitations`, { userIds: [outsider.user.id] }),
      ];

      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
      }
      expect(await rowCounts()).toEqual(before);
      expect((await client.get('/api/events')).body.map((item: { id: number }) => item.id)).not.toContain(event.id);
    });

    const badIds = ['abc', '1.5', '-1', '0', '99999999999', '1e3', '%20'];
    const endpoints: Array<[string, (client: TestClient, id: string) => ReturnType<TestClient['get']>]> = [
      ['GET details', (client, id) => client.get(`/api/events/${id}`)],
      ['PATCH', (client, id) => client.patch(`/api/events/${id}`, eventBody())],
      ['DELETE', (client, id) => client.delete(`/api/events/${id}`)],
      ['GET attendance', (client, id) => client.get(`/api/events/${id}/attendance`)],
      ['POST attend', (client, id) => client.post(`/api/events/${id}/attend`, { status: 'attending' })],
      ['GET attendees', (client, id) => client.get(`/api/events/${id}/attendees`)],
      ['GET comments', (client, id) => client.get(`/api/events/${id}/comments`)],
      ['POST comments', (client, id) => client.post(`/api/events/${id}/comments`, { content: 'Hi' })],
      ['GET invitations', (client, id) => client.get(`/api/events/${id}/invitations`)],
      ['POST invitations', (client, id) => client.post(`/api/events/${id}/invitations`, { userIds: [1] })],
    ];

    it.each(endpoints)(
      'When the event id is not a positive whole number, then %s is 400 Invalid event id',
      async (_name, call) => {
        const before = await rowCounts();
        for (const id of badIds) {
          const res = await call(admin.client, id);
          expect(res.status, `id ${id}`).toBe(400);
          expect(res.body).toEqual({ code: expect.any(String), error: 'Invalid event id' });
        }
        expect(await rowCounts()).toEqual(before);
      },
    );
  });
});
