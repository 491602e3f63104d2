// RSVP settings and replies over HTTP: bad input is a clear 4xx that changes nothing, maybe and
// guests, the closing time, and the attendee list's privacy rule.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Board games night',
  description: 'Bring your favourite game',
  date: '2031-02-01T18:00:00.000Z',
  location: 'Youth centre',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('RSVP rules on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ isAdmin: true, name: 'Ada Admin' });
  });
  afterAll(() => app.stop());

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const replies = (eventId: number) => app.deps.prisma.attendance.findMany({ where: { eventId } });

  it('When an event is created with RSVP settings, then list and details return them with the counts', async () => {
    const id = await createEvent({ capacity: 20, guestsAllowed: 2, rsvpClosesAt: '2031-01-31T12:00:00Z' });
    const expected = {
      capacity: 20,
      guestsAllowed: 2,
      rsvpClosesAt: '2031-01-31T12:00:00.000Z',
      rsvpDigest: false,
      attendingCount: 0,
      spotsLeft: 20,
      waitlistCount: 0,
      maybeCount: 0,
      myStatus: 'not_responded',
      myGuests: 0,
      myWaitlistPosition: null,
    };
    expect((await admin.client.get(`/api/events/${id}`)).body).toMatchObject(expected);
    const list = await admin.client.get('/api/events');
    expect(list.body.find((event: { id: number }) => event.id === id)).toMatchObject(expected);

    const plain = await createEvent();
    expect((await admin.client.get(`/api/events/${plain}`)).body).toMatchObject({
      capacity: null,
      guestsAllowed: 0,
      rsvpClosesAt: null,
      spotsLeft: null,
    });
    // An edit that leaves the settings out (an older client) keeps them; '' clears a capacity.
    const kept = await admin.client.patch(`/api/events/${id}`, eventBody({ name: 'Renamed' }));
    expect(kept.body).toMatchObject({ name: 'Renamed', capacity: 20, guestsAllowed: 2 });
    const cleared = await admin.client.patch(`/api/events/${id}`, eventBody({ capacity: '', rsvpClosesAt: null }));
    expect(cleared.body).toMatchObject({ capacity: null, rsvpClosesAt: null, spotsLeft: null });
  });

  const badSettings: Array<[string, Record<string, unknown>, string]> = [
    ['the capacity is negative', { capacity: -5 }, 'Capacity must be a whole number from 1 to 100000'],
    ['the capacity is zero', { capacity: 0 }, 'Capacity must be'],
    ['the capacity is huge', { capacity: 100_001 }, 'Capacity must be'],
    ['the capacity is a fraction', { capacity: 2.5 }, 'Capacity must be'],
    ['the capacity is text', { capacity: '10' }, 'Capacity must be'],
    ['guests allowed is 6', { guestsAllowed: 6 }, 'Guests allowed must be a whole number from 0 to 5'],
    ['guests allowed is negative', { guestsAllowed: -1 }, 'Guests allowed must be'],
    ['the closing time is not a date', { rsvpClosesAt: 'tomorrow' }, 'RSVP closing time must be a valid date'],
  ];

  it.each(badSettings)('When %s, then create is 400 and nothing is stored', async (_case, settings, message) => {
    const before = await app.deps.prisma.event.count();
    const res = await admin.client.post('/api/events', eventBody(settings));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await app.deps.prisma.event.count()).toBe(before);
  });

  it('When an edit sends a bad capacity, then it is 400 and the event is unchanged', async () => {
    const id = await createEvent({ capacity: 10 });
    const res = await admin.client.patch(`/api/events/${id}`, eventBody({ capacity: 1e9 }));
    expect(res.status).toBe(400);
    expect((await app.deps.prisma.event.findUniqueOrThrow({ where: { id } })).capacity).toBe(10);
  });

  const badReplies: Array<[string, Record<string, unknown>, string]> = [
    ['the status is unknown', { status: 'interested' }, 'Status must be attending, not_attending or maybe'],
    ['the status is waitlisted (the server decides that)', { status: 'waitlisted' }, 'Status must be'],
    ['guests is negative', { status: 'attending', guests: -1 }, 'Guests must be a whole number from 0 to 5'],
    ['guests is huge', { status: 'attending', guests: 1e6 }, 'Guests must be'],
    ['guests is text', { status: 'attending', guests: 'two' }, 'Guests must be'],
    ['guests is above the event’s limit', { status: 'attending', guests: 2 }, 'You can bring at most 1 guests'],
  ];

  it.each(badReplies)('When %s, then the reply is 400 and nothing is stored', async (_case, body, message) => {
    const id = await createEvent({ capacity: 10, guestsAllowed: 1 });
    const { client } = await app.signedIn();
    const res = await client.post(`/api/events/${id}/attend`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await replies(id)).toEqual([]);
  });

  it('When a member answers maybe or brings guests, then counts follow and guests count as people', async () => {
    const id = await createEvent({ guestsAllowed: 3 });
    const [a, b] = await Promise.all([app.signedIn(), app.signedIn()]);
    expect((await a.client.post(`/api/events/${id}/attend`, { status: 'attending', guests: 2 })).body).toEqual({
      status: 'attending',
      guests: 2,
      attendingCount: 3,
      spotsLeft: null,
      waitlistCount: 0,
    });
    // Pressing 'I Will Attend' again without guests keeps the party as it was.
    expect((await a.client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.guests).toBe(2);
    expect((await b.client.post(`/api/events/${id}/attend`, { status: 'maybe', guests: 3 })).body).toMatchObject({
      status: 'maybe',
      guests: 0,
      attendingCount: 3,
    });
    expect((await b.client.get(`/api/events/${id}`)).body).toMatchObject({
      attendingCount: 3,
      maybeCount: 1,
      myStatus: 'maybe',
    });
    expect((await a.client.get(`/api/events/${id}`)).body).toMatchObject({ myStatus: 'attending', myGuests: 2 });
  });

  it('When the RSVP has closed, then members cannot change their reply but the creator and admins still can', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const closes = new Date(Date.now() + 60 * 60_000);
    const created = await creator.client.post('/api/events', eventBody({ rsvpClosesAt: closes.toISOString() }));
    const id = created.body.id as number;
    const member = await app.signedIn();
    expect((await member.client.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);

    app.setNow(new Date(closes.getTime() + 60_000));
    try {
      const late = await member.client.post(`/api/events/${id}/attend`, { status: 'not_attending' });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ code: expect.any(String), error: 'RSVP for this event has closed' });
      expect((await member.client.get(`/api/events/${id}/attendance`)).body.status).toBe('attending');

      expect((await creator.client.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
      expect((await admin.client.post(`/api/events/${id}/attend`, { status: 'maybe' })).status).toBe(200);
    } finally {
      app.setNow(new Date());
    }
  });

  it('When a member hides their name, then other members see "1 more member" while organisers and they themselves see them', async () => {
    const id = await createEvent();
    const shy = await app.signedIn({ name: 'Sam Shy', avatarUrl: 'https://t.me/i/userpic/sam.jpg' });
    const open = await app.signedIn({ name: 'Olga Open', googleEmail: `olga-${kind}@example.org` });
    const other = await app.signedIn({ name: 'Aaron Other' });
    const hide = await shy.client.patch('/api/users/me', { hideFromAttendees: true });
    expect(hide.status).toBe(200);
    expect(hide.body.hideFromAttendees).toBe(true);
    for (const person of [shy, open, other]) {
      await person.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    }

    const seen = await other.client.get(`/api/events/${id}/attendees`);
    expect(seen.body).toEqual([
      { id: other.user.id, name: 'Aaron Other', avatarUrl: null, status: 'attending', guests: 0 },
      { id: open.user.id, name: 'Olga Open', avatarUrl: null, status: 'attending', guests: 0 },
      { id: null, name: '1 more member', avatarUrl: null, status: 'attending', guests: 0, hidden: true },
    ]);
    expect(seen.text).not.toContain('Sam');
    expect(seen.text).not.toContain('@example.org');

    const own = await shy.client.get(`/api/events/${id}/attendees`);
    expect(own.body.find((entry: { id: number }) => entry.id === shy.user.id)).toMatchObject({ name: 'Sam Shy' });
    const organiser = await admin.client.get(`/api/events/${id}/attendees`);
    expect(organiser.body.find((entry: { id: number }) => entry.id === shy.user.id)).toMatchObject({
      name: 'Sam Shy',
      hidden: true,
      checkedIn: false,
      respondedAt: expect.any(String),
    });
    expect(organiser.text).not.toContain('@example.org');

    const bad = await shy.client.patch('/api/users/me', { hideFromAttendees: 'yes' });
    expect(bad.status).toBe(400);
  });
});
