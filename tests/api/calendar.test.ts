// Calendars: an event's .ics and each member's secret feed, read back with a real iCalendar parser
// (ical.js): UIDs stable across edits, SEQUENCE growing, times equal to the event's instant; the feed's token
// security, visibility, cancelled entries and cheap repeats (304).
import type { User } from '@prisma/client';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarService } from '../../api/src/modules/calendar/calendar-service';
import type { EventSummary } from '../../shared/types';
import { googleCalendarUrl, outlookCalendarUrl } from '../../webapp/src/features/events/api/calendar-links';
import type { TestClient } from '../support/http-client';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';

interface Entry {
  uid: string;
  sequence: number;
  start: number;
  end: number;
  summary: string;
  status: string | null;
  description: string | null;
  location: string | null;
  url: string | null;
  alarms: number;
}

/** Every VEVENT of a calendar text, as ical.js reads it (it throws on anything malformed). */
function parseIcs(text: string): Entry[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => (vevent.getFirstPropertyValue(name) as string | null) ?? null;
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      summary: event.summary,
      status: text('status'),
      description: text('description'),
      location: text('location'),
      url: text('url'),
      alarms: vevent.getAllSubcomponents('valarm').length,
    };
  });
}

describe.each(DATABASE_KINDS)('calendars on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let other: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL: 'https://events.example.org' } });
    admin = await app.signedIn({ isAdmin: true });
    member = await app.signedIn();
    other = await app.signedIn();
  });
  afterAll(() => app?.stop());

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const icsOf = async (client: TestClient, id: number) => {
    const res = await client.get(`/api/events/${id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const entries = parseIcs(res.text);
    expect(entries).toHaveLength(1);
    return entries[0]!;
  };
  const feedOf = async (client: TestClient) => {
    const res = await client.get('/api/users/me/calendar-feed');
    expect(res.status).toBe(200);
    return res.body as { url: string; webcalUrl: string; allEvents: boolean };
  };
  /** The feed as a calendar app reads it: no cookie, only the secret URL. */
  const readFeed = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url.replace('https://events.example.org', app.url), { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const entriesOf = async (url: string) => {
    const res = await readFeed(url);
    expect(res.status).toBe(200);
    return parseIcs(res.text);
  };

  it("When an event's .ics is read and the event is edited, then the UID stays, SEQUENCE grows and the times are the event's", async () => {
    const id = await createEvent({
      name: 'Board games',
      date: '2030-07-04T17:00:00.000Z',
      timeZone: 'Europe/Berlin',
      location: 'Library, room 2',
    });
    const first = await icsOf(member.client, id);
    expect(first).toMatchObject({
      uid: `event-${id}@events.example.org`,
      sequence: 0,
      start: Date.parse('2030-07-04T17:00:00.000Z'),
      end: Date.parse('2030-07-04T19:00:00.000Z'),
      summary: 'Board games',
      status: 'CONFIRMED',
      location: 'Library, room 2',
      url: `https://events.example.org/events/${id}`,
      alarms: 1,
    });
    expect(first.description).toContain('Thursday, July 4, 2030 at 7:00 PM GMT+2 (Europe/Berlin)');

    const moved = await admin.client.patch(
      `/api/events/${id}`,
      eventBody({ name: 'Board games night', date: '2030-07-05T18:00:00.000Z', location: 'Library, room 2' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ timeZone: 'Europe/Berlin', sequence: 1 });
    const second = await icsOf(member.client, id);
    expect(second).toMatchObject({ uid: first.uid, sequence: 1, start: Date.parse('2030-07-05T18:00:00.000Z') });
    expect(second.summary).toBe('Board games night');

    // An edit no calendar shows (the capacity) leaves SEQUENCE as it is.
    const capped = await admin.client.patch(
      `/api/events/${id}`,
      eventBody({
        name: 'Board games night',
        date: '2030-07-05T18:00:00.000Z',
        location: 'Library, room 2',
        capacity: 8,
      }),
    );
    expect(capped.status).toBe(200);
    expect((await icsOf(member.client, id)).sequence).toBe(1);
  });

  it('When a member has saved German, then their feed and downloads say the date and a cancellation in German', async () => {
    const { client } = await app.signedIn();
    const kept = await createEvent({
      name: 'Spieleabend',
      date: '2030-07-04T17:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    const dropped = await createEvent({ name: 'Kino', date: '2030-07-06T17:00:00.000Z', timeZone: 'Europe/Berlin' });
    for (const id of [kept, dropped]) await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    await client.post(`/api/events/${dropped}/attend`, { status: 'not_attending' });
    const { url } = await feedOf(client);
    const english = await entriesOf(url);
    expect(english[0]!.description).toContain('Thursday, July 4, 2030 at 7:00 PM GMT+2 (Europe/Berlin)');
    expect(english[1]!.description).toBe(`Cancelled\n\nhttps://events.example.org/events/${dropped}`);

    expect((await client.patch('/api/users/me/language', { language: 'de' })).status).toBe(200);
    const german = await entriesOf(url);
    expect(german[0]!.description).toMatch(/\n\nDonnerstag, 4\. Juli 2030 um 19:00 .+ \(Europe\/Berlin\)\n/);
    expect(german[1]!.description).toBe(`Abgesagt\n\nhttps://events.example.org/events/${dropped}`);

    // A download is in the request's language.
    const download = await member.client.get(`/api/events/${kept}/calendar.ics`, {
      headers: { 'accept-language': 'de-AT' },
    });
    expect(parseIcs(download.text)[0]!.description).toContain('Donnerstag, 4. Juli 2030 um 19:00');
  });

  it("When the web app's Google and Outlook links describe an event, then they say exactly what its .ics says", async () => {
    const id = await createEvent({
      name: 'Star gazing',
      description: 'Telescopes provided.\nWarm clothes!',
      date: '2030-08-12T20:30:00.000Z',
      timeZone: 'America/New_York',
    });
    const ics = await icsOf(member.client, id);
    const event = (await member.client.get<EventSummary>(`/api/events/${id}`)).body;
    const origin = 'https://events.example.org';
    const google = new URL(googleCalendarUrl(event, origin)).searchParams.get('details');
    const outlook = new URL(outlookCalendarUrl(event, origin)).searchParams.get('body');
    expect(ics.description).toBe(
      `Telescopes provided.\nWarm clothes!\n\nMonday, August 12, 2030 at 4:30 PM EDT (America/New_York)\n${origin}/events/${id}`,
    );
    expect(google).toBe(ics.description);
    expect(outlook).toBe(ics.description);
  });

  it('When someone who may not see an event asks for its .ics, then they get 404 (signed out: 401)', async () => {
    const id = await createEvent({ isPublic: false, name: 'Committee meeting' });
    expect((await member.client.get(`/api/events/${id}/calendar.ics`)).status).toBe(404);
    expect((await member.client.get('/api/events/999999/calendar.ics')).status).toBe(404);
    expect((await app.anonymous().get(`/api/events/${id}/calendar.ics`)).status).toBe(401);
    expect((await member.client.get('/api/events/abc/calendar.ics')).status).toBe(400);
    await admin.client.post(`/api/events/${id}/invitations`, { userIds: [member.user.id] });
    expect((await icsOf(member.client, id)).summary).toBe('Committee meeting');
  });

  it('When a member reads their feed settings, then they get a secret https and webcal URL that stays the same', async () => {
    const feed = await feedOf(member.client);
    expect(feed.url).toMatch(/^https:\/\/events\.example\.org\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('https:', 'webcal:'));
    expect(feed.allEvents).toBe(false);
    expect(await feedOf(member.client)).toEqual(feed);
    expect((await feedOf(other.client)).url).not.toBe(feed.url);
    expect((await app.anonymous().get('/api/users/me/calendar-feed')).status).toBe(401);
    // The database keeps only the token's hash (and a sealed copy for Settings), never the token itself.
    const token = /calendar\/(.+)\.ics$/.exec(feed.url)![1]!;
    const stored = await app.deps.prisma.calendarFeed.findUniqueOrThrow({ where: { userId: member.user.id } });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('When a feed token is unknown, malformed or replaced, then the feed answers 404; each member has their own', async () => {
    const mine = await feedOf(member.client);
    const theirs = await feedOf(other.client);
    expect((await readFeed(`${app.url}/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await readFeed(`${app.url}/api/calendar/not-a-token.ics`)).status).toBe(404);

    const renewed = await member.client.post('/api/users/me/calendar-feed/regenerate', {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(mine.url);
    expect((await readFeed(mine.url)).status).toBe(404);
    expect((await readFeed(renewed.body.url)).status).toBe(200);
    expect((await feedOf(member.client)).url).toBe(renewed.body.url);
    // Another member's feed is untouched, and a regenerate needs a session.
    expect((await readFeed(theirs.url)).status).toBe(200);
    expect((await app.anonymous().post('/api/users/me/calendar-feed/regenerate', {})).status).toBe(401);
    expect((await member.client.post('/api/users/me/calendar-feed/regenerate', { token: 'x' })).status).toBe(400);
  });

  it("When a member attends events, then their feed lists them (and, by their choice, all they may see) but never another's private event", async () => {
    const { user, client } = await app.signedIn();
    const going = await createEvent({ name: 'Going', date: '2030-09-01T10:00:00.000Z' });
    const maybe = await createEvent({ name: 'Maybe', date: '2030-09-02T10:00:00.000Z' });
    const open = await createEvent({ name: 'Not replied', date: '2030-09-03T10:00:00.000Z' });
    const secret = await createEvent({ name: 'Secret', isPublic: false, date: '2030-09-04T10:00:00.000Z' });
    const invited = await createEvent({ name: 'Invited', isPublic: false, date: '2030-09-05T10:00:00.000Z' });
    await admin.client.post(`/api/events/${invited}/invitations`, { userIds: [user.id] });
    // The creator attends the secret event; the member has no way to it.
    await admin.client.post(`/api/events/${secret}/attend`, { status: 'attending' });
    expect((await client.post(`/api/events/${going}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await client.post(`/api/events/${maybe}/attend`, { status: 'maybe' })).status).toBe(200);

    const { url } = await feedOf(client);
    const entries = await entriesOf(url);
    expect(entries.map((e) => [e.summary, e.status])).toEqual([
      ['Going', 'CONFIRMED'],
      ['Maybe', 'TENTATIVE'],
    ]);
    // The same UID as the event's own .ics, so a calendar holds one entry per event.
    expect(entries[0]!.uid).toBe((await icsOf(client, going)).uid);

    const all = await client.patch('/api/users/me/calendar-feed', { allEvents: true });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ url, allEvents: true });
    const everything = (await entriesOf(url)).map((e) => e.summary);
    expect(everything).toEqual(expect.arrayContaining(['Going', 'Maybe', 'Not replied', 'Invited']));
    expect(everything).not.toContain('Secret');
    expect(await app.deps.prisma.event.count({ where: { id: open } })).toBe(1);
    expect((await client.patch('/api/users/me/calendar-feed', { allEvents: 'yes' })).status).toBe(400);
  });

  it('When a member leaves an event, is uninvited or it is deleted, then their feed shows it cancelled for 30 days', async () => {
    const { user, client } = await app.signedIn();
    const left = await createEvent({ name: 'Left', date: '2030-10-01T10:00:00.000Z' });
    const deleted = await createEvent({ name: 'Deleted', date: '2030-10-02T10:00:00.000Z' });
    for (const id of [left, deleted]) await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    const before = await entriesOf(url);
    expect(before.map((e) => e.status)).toEqual(['CONFIRMED', 'CONFIRMED']);

    await client.post(`/api/events/${left}/attend`, { status: 'not_attending' });
    expect((await admin.client.delete(`/api/events/${deleted}`)).status).toBe(204);
    const after = await entriesOf(url);
    expect(after.map((e) => [e.uid, e.status])).toEqual(before.map((e) => [e.uid, 'CANCELLED']));
    // Newer than what the calendar holds, so it takes the cancellation.
    after.forEach((entry, index) => expect(entry.sequence).toBeGreaterThan(before[index]!.sequence));

    // Going again brings it back as it was.
    await client.post(`/api/events/${left}/attend`, { status: 'attending' });
    expect((await entriesOf(url)).map((e) => [e.summary, e.status])).toEqual([
      ['Left', 'CONFIRMED'],
      ['Deleted', 'CANCELLED'],
    ]);

    // Uninvited from a private event: it leaves the feed the same way.
    const secret = await createEvent({ name: 'Invited once', isPublic: false, date: '2030-10-03T10:00:00.000Z' });
    await admin.client.post(`/api/events/${secret}/invitations`, { userIds: [user.id] });
    await client.post(`/api/events/${secret}/attend`, { status: 'attending' });
    expect((await entriesOf(url)).map((e) => [e.summary, e.status])).toContainEqual(['Invited once', 'CONFIRMED']);
    // The invited set is replaced by one without the member.
    await admin.client.post(`/api/events/${secret}/invitations`, { userIds: [other.user.id] });
    expect((await entriesOf(url)).map((e) => [e.summary, e.status])).toContainEqual(['Invited once', 'CANCELLED']);

    app.setNow(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    try {
      expect((await entriesOf(url)).map((e) => e.summary)).toEqual(['Left']);
      // Housekeeping forgets what no feed shows any more.
      await createCalendarService(app.deps).pruneCancellations();
      expect(await app.deps.prisma.calendarCancellation.count({ where: { userId: user.id } })).toBe(0);
    } finally {
      app.setNow(new Date());
    }
  });

  /** The feed's entry for one event, and the raw text, which must never hold what the member may not see. */
  const feedEntryOf = async (url: string, id: number) => {
    const res = await readFeed(url);
    expect(res.status).toBe(200);
    return { entry: parseIcs(res.text).find((e) => e.uid === `event-${id}@events.example.org`), text: res.text };
  };
  /** What the member may no longer learn: the name, the place and the day (as iCalendar and as prose). */
  const expectNoSecret = (text: string) => {
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    for (const secret of ['Now-secret sleepover', 'Flat 3B', '20301215', 'December 15']) {
      expect(unfolded).not.toContain(secret);
    }
  };
  const secretEdit = { name: 'Now-secret sleepover', location: 'Flat 3B', date: '2030-12-15T20:00:00.000Z' };

  it('When a public event a member attends is made private and moved in one edit, then their feed cancels it as they saw it', async () => {
    const { client } = await app.signedIn();
    const id = await createEvent({ name: 'Picnic', location: 'City park', date: '2030-12-01T10:00:00.000Z' });
    await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    const seen = (await feedEntryOf(url, id)).entry!;
    expect(seen).toMatchObject({ summary: 'Picnic', status: 'CONFIRMED' });

    const hidden = await admin.client.patch(`/api/events/${id}`, eventBody({ ...secretEdit, isPublic: false }));
    expect(hidden.status).toBe(200);
    const cancelled = await feedEntryOf(url, id);
    expectNoSecret(cancelled.text);
    expect(cancelled.entry).toMatchObject({
      summary: 'Picnic',
      status: 'CANCELLED',
      start: seen.start,
      location: null,
    });
    // Newer than what the calendar holds, so it takes the cancellation.
    expect(cancelled.entry!.sequence).toBeGreaterThan(seen.sequence);
  });

  it('When an event a member attended is made private, then edited and deleted, then their feed keeps the cancellation they saw', async () => {
    const { client } = await app.signedIn();
    const bakeSale = { name: 'Bake sale', location: 'School yard', date: '2030-12-02T10:00:00.000Z' };
    const id = await createEvent(bakeSale);
    await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    const seen = (await feedEntryOf(url, id)).entry!;

    expect((await admin.client.patch(`/api/events/${id}`, eventBody({ ...bakeSale, isPublic: false }))).status).toBe(
      200,
    );
    expect((await admin.client.patch(`/api/events/${id}`, eventBody({ ...secretEdit, isPublic: false }))).status).toBe(
      200,
    );
    const edited = await feedEntryOf(url, id);
    expectNoSecret(edited.text);
    expect(edited.entry).toMatchObject({ summary: 'Bake sale', status: 'CANCELLED', start: seen.start });

    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);
    const deleted = await feedEntryOf(url, id);
    expectNoSecret(deleted.text);
    expect(deleted.entry).toMatchObject({ summary: 'Bake sale', status: 'CANCELLED', start: seen.start });
    expect(deleted.entry!.sequence).toBeGreaterThan(seen.sequence);
  });

  it('When a public event is made private and moved in one edit, then "all events" feeds without access cancel it as they saw it, also after its deletion', async () => {
    const { client } = await app.signedIn();
    const id = await createEvent({ name: 'Open day', location: 'Town hall', date: '2030-12-02T10:00:00.000Z' });
    const { url } = await feedOf(client);
    await client.patch('/api/users/me/calendar-feed', { allEvents: true });
    const seen = (await feedEntryOf(url, id)).entry!;
    expect(seen).toMatchObject({ summary: 'Open day', status: 'TENTATIVE' });

    expect((await admin.client.patch(`/api/events/${id}`, eventBody({ ...secretEdit, isPublic: false }))).status).toBe(
      200,
    );
    const hidden = await feedEntryOf(url, id);
    expectNoSecret(hidden.text);
    expect(hidden.entry).toMatchObject({ summary: 'Open day', status: 'CANCELLED', start: seen.start });

    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);
    const deleted = await feedEntryOf(url, id);
    expectNoSecret(deleted.text);
    expect(deleted.entry).toMatchObject({ summary: 'Open day', status: 'CANCELLED', start: seen.start });
  });

  it('When a member is uninvited from a private event that is then renamed, moved and deleted, then their feed keeps the cancellation they saw', async () => {
    const { user, client } = await app.signedIn();
    const id = await createEvent({
      name: 'Camp planning',
      location: 'Scout hut',
      isPublic: false,
      date: '2030-12-03T10:00:00.000Z',
    });
    await admin.client.post(`/api/events/${id}/invitations`, { userIds: [user.id] });
    await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    const seen = (await feedEntryOf(url, id)).entry!;
    expect(seen).toMatchObject({ summary: 'Camp planning', status: 'CONFIRMED' });

    expect((await admin.client.post(`/api/events/${id}/invitations`, { userIds: [other.user.id] })).status).toBe(200);
    expect((await admin.client.patch(`/api/events/${id}`, eventBody({ ...secretEdit, isPublic: false }))).status).toBe(
      200,
    );
    const uninvited = await feedEntryOf(url, id);
    expectNoSecret(uninvited.text);
    expect(uninvited.entry).toMatchObject({ summary: 'Camp planning', status: 'CANCELLED', start: seen.start });

    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);
    const deleted = await feedEntryOf(url, id);
    expectNoSecret(deleted.text);
    expect(deleted.entry).toMatchObject({ summary: 'Camp planning', status: 'CANCELLED', start: seen.start });
  });

  it('When a member who lost sight of an event is moved up from its waitlist, then their feed still cancels it as they saw it', async () => {
    const { client } = await app.signedIn();
    const first = await app.signedIn();
    const seenData = { name: 'Climbing wall', location: 'Sports centre', date: '2030-12-06T10:00:00.000Z' };
    const id = await createEvent({ ...seenData, capacity: 1 });
    expect((await first.client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.status).toBe(
      'attending',
    );
    expect((await client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.status).toBe('waitlisted');
    const { url } = await feedOf(client);
    const seen = (await feedEntryOf(url, id)).entry!;
    expect(seen).toMatchObject({ summary: 'Climbing wall', status: 'TENTATIVE' });

    // The first attendee keeps access; the waitlisted member does not.
    await admin.client.patch(`/api/events/${id}`, eventBody({ ...seenData, capacity: 1, isPublic: false }));
    await admin.client.post(`/api/events/${id}/invitations`, { userIds: [first.user.id] });
    expect((await first.client.post(`/api/events/${id}/attend`, { status: 'not_attending' })).status).toBe(200);
    const promoted = await app.deps.prisma.attendance.findFirstOrThrow({
      where: { eventId: id, userId: { not: first.user.id } },
    });
    expect(promoted.status).toBe('attending');

    const after = await feedEntryOf(url, id);
    expect(after.entry).toMatchObject({ summary: 'Climbing wall', status: 'CANCELLED', start: seen.start });
  });

  it('When a public event a member attends is edited and then deleted, then their feed shows the edit and then cancels it under its last name', async () => {
    const { client } = await app.signedIn();
    const id = await createEvent({ name: 'Hike', location: 'Trailhead', date: '2030-12-04T10:00:00.000Z' });
    await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    await admin.client.patch(
      `/api/events/${id}`,
      eventBody({ name: 'Long hike', location: 'North trailhead', date: '2030-12-05T09:00:00.000Z' }),
    );
    const edited = (await feedEntryOf(url, id)).entry!;
    expect(edited).toMatchObject({
      summary: 'Long hike',
      location: 'North trailhead',
      status: 'CONFIRMED',
      start: Date.parse('2030-12-05T09:00:00.000Z'),
    });

    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);
    const deleted = (await feedEntryOf(url, id)).entry!;
    expect(deleted).toMatchObject({ summary: 'Long hike', status: 'CANCELLED', start: edited.start });
    expect(deleted.sequence).toBeGreaterThan(edited.sequence);
  });

  it('When a calendar asks again with the ETag it has, then it gets 304 until something changes', async () => {
    const { client } = await app.signedIn();
    const id = await createEvent({ name: 'Polling', date: '2030-11-01T10:00:00.000Z' });
    await client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { url } = await feedOf(client);
    const first = await readFeed(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await readFeed(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    await admin.client.patch(
      `/api/events/${id}`,
      eventBody({ name: 'Polling, renamed', date: '2030-11-01T10:00:00.000Z' }),
    );
    const changed = await readFeed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(parseIcs(changed.text).map((e) => e.summary)).toEqual(['Polling, renamed']);
  });
});
