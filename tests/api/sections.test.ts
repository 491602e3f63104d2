// Sections over HTTP: admins make them and name their leaders; leaders run their section's membership and
// events and nothing else; a section's events are seen by its members, their guardians, its leaders, admins and
// the leaders an event names only, in every channel (list, page, filter, details, calendar download and feed,
// link preview). A leader's own account names the sections they lead.
import type { User } from '@prisma/client';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { clearAsLeader } from '../support/leaders';
import { pageFor } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const NOW = new Date('2030-05-01T10:00:00.000Z');

describe.each(DATABASE_KINDS)('sections on %s', (kind) => {
  let app: TestApp;
  let admin: Who;
  let organiser: Who;
  let cubLeader: Who;
  let cub: Who;
  let scout: Who;
  let scoutParent: Who;
  let outsider: Who;
  let cubs: number;
  let scouts: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    organiser = await app.signedIn({ name: 'Olga Organiser', role: 'organiser' });
    cubLeader = await app.signedIn({ name: 'Lena Leader' });
    cub = await app.signedIn({ name: 'Carl Cub' });
    scout = await app.signedIn({ name: 'Sara Scout' });
    scoutParent = await app.signedIn({ name: 'Pia Parent' });
    outsider = await app.signedIn({ name: 'Otto Outsider' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: scoutParent.user.id, childId: scout.user.id } });
  });
  afterAll(() => app.stop());

  const section = async (name: string, colour?: string) => {
    const res = await admin.client.post('/api/sections', { name, description: `${name} meet weekly`, colour });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  const ids = (list: Array<{ id: number }>) => list.map((event) => event.id);

  it('When an admin makes sections, then members list them and names, colours and rights are checked', async () => {
    cubs = await section('Cubs', '#1F6FEB');
    scouts = await section('Scouts');
    expect((await admin.client.post('/api/sections', { name: 'cubs' })).status).toBe(409);
    const badColour = await admin.client.post('/api/sections', { name: 'Beavers', colour: 'blue' });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error).toBe('Colour must be written as #rrggbb, for example #1f6feb.');
    expect((await admin.client.post('/api/sections', { name: '' })).status).toBe(400);
    expect((await admin.client.post('/api/sections', { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await organiser.client.post('/api/sections', { name: 'Explorers' })).status).toBe(403);

    const leaders = await admin.client.put(`/api/sections/${cubs}/leaders`, { userIds: [cubLeader.user.id] });
    expect(leaders.status, leaders.text).toBe(200);
    expect(leaders.body.members).toEqual([{ id: cubLeader.user.id, name: 'Lena Leader', role: 'leader' }]);
    // The leader runs the membership of the Cubs...
    const joined = await cubLeader.client.put(`/api/sections/${cubs}/members`, { add: [cub.user.id] });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.members.map((member: { id: number }) => member.id)).toEqual([cubLeader.user.id, cub.user.id]);
    // ...not of the Scouts, and names no leaders.
    expect((await cubLeader.client.put(`/api/sections/${scouts}/members`, { add: [outsider.user.id] })).status).toBe(
      403,
    );
    expect((await cubLeader.client.put(`/api/sections/${cubs}/leaders`, { userIds: [cub.user.id] })).status).toBe(403);
    expect((await admin.client.put(`/api/sections/${scouts}/members`, { add: [scout.user.id] })).status).toBe(200);
    const unknown = await admin.client.put(`/api/sections/${scouts}/members`, { add: [999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Only active members can join a section; these accounts cannot: 999999');
    expect((await admin.client.put(`/api/sections/${scouts}/members`, { add: 'everyone' })).status).toBe(400);
    expect((await admin.client.put('/api/sections/999999/members', { add: [] })).status).toBe(404);

    const listed = await cub.client.get('/api/sections');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: cubs, name: 'Cubs', description: 'Cubs meet weekly', colour: '#1f6feb', memberCount: 1, mine: true },
      { id: scouts, name: 'Scouts', description: 'Scouts meet weekly', colour: null, memberCount: 1, mine: false },
    ]);
    // Members of a section see who is in it; others do not.
    const seen = await cubLeader.client.get(`/api/sections/${cubs}/members`);
    expect(seen.body.members[1]).toEqual({ id: cub.user.id, name: 'Carl Cub', role: 'member' });
    expect((await outsider.client.get(`/api/sections/${cubs}/members`)).status).toBe(403);

    const audit = await app.deps.prisma.auditEntry.findMany({ where: { action: { startsWith: 'section.' } } });
    expect(new Set(audit.map((entry) => entry.action))).toEqual(
      new Set(['section.created', 'section.leaders_changed', 'section.members_changed']),
    );
  });

  it("When Scouts have an event, then a Cub and an outsider see it nowhere; Scouts, a scout's parent and admins do", async () => {
    const created = await admin.client.post(
      '/api/events',
      eventBody({ name: 'Scout hike', date: '2030-06-10T09:00:00.000Z', sectionId: scouts }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.sectionId).toBe(scouts);
    const hike = created.body.id as number;
    const open = await admin.client.post(
      '/api/events',
      eventBody({ name: 'Open day', date: '2030-06-11T09:00:00.000Z' }),
    );
    expect(open.body.sectionId).toBeNull();

    for (const who of [cub, outsider, cubLeader]) {
      expect(ids((await who.client.get('/api/events')).body)).not.toContain(hike);
      expect(ids((await who.client.get('/api/events?when=upcoming&limit=50')).body.events)).not.toContain(hike);
      expect(ids((await who.client.get('/api/events')).body)).toContain(open.body.id);
      expect((await who.client.get(`/api/events/${hike}`)).status).toBe(404);
      expect((await who.client.get(`/api/events/${hike}/calendar.ics`)).status).toBe(404);
      expect((await who.client.get(`/api/events/${hike}/comments`)).status).toBe(404);
    }
    for (const who of [scout, scoutParent, admin]) {
      expect(ids((await who.client.get('/api/events')).body)).toContain(hike);
      expect((await who.client.get(`/api/events/${hike}`)).status).toBe(200);
    }
    // The filter: only the section's events.
    expect(ids((await scout.client.get(`/api/events?sectionId=${scouts}`)).body)).toEqual([hike]);
    const page = await scout.client.get(`/api/events?when=upcoming&sectionId=${scouts}`);
    expect(ids(page.body.events)).toEqual([hike]);
    expect((await scout.client.get('/api/events?sectionId=abc')).status).toBe(400);
    // Never previewed for outsiders.
    expect((await app.anonymous().get(`/api/events/${hike}/preview`)).status).toBe(404);

    // The feed of a Cub who asked for every event has the open day, not the hike.
    await cub.client.get('/api/users/me/calendar-feed');
    await cub.client.patch('/api/users/me/calendar-feed', { allEvents: true });
    const feed = (await cub.client.get('/api/users/me/calendar-feed')).body as { url: string };
    const ics = await (await fetch(feed.url.replace('https://events.example.org', app.url))).text();
    expect(ics).toContain('Open day');
    expect(ics).not.toContain('Scout hike');
  });

  it('When a section leader runs events, then they make and edit their section’s and nothing outside it', async () => {
    const mine = await cubLeader.client.post(
      '/api/events',
      eventBody({ name: 'Cub meeting', date: '2030-06-12T17:00:00.000Z', sectionId: cubs }),
    );
    expect(mine.status, mine.text).toBe(201);
    const other = await cubLeader.client.post('/api/events', eventBody({ sectionId: scouts }));
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('Only the section’s leaders and administrators can do that.');
    expect((await cubLeader.client.post('/api/events', eventBody())).status).toBe(403);
    expect((await cubLeader.client.post('/api/events', eventBody({ sectionId: 999999 }))).status).toBe(400);
    expect((await outsider.client.post('/api/events', eventBody({ sectionId: cubs }))).status).toBe(403);
    expect((await organiser.client.post('/api/events', eventBody({ sectionId: cubs }))).status).toBe(403);

    // An admin's Cubs event: the leader manages it; the Scouts' is closed to them.
    const adminCubs = await admin.client.post('/api/events', eventBody({ name: 'Cub camp', sectionId: cubs }));
    const edit = await cubLeader.client.patch(`/api/events/${adminCubs.body.id}`, eventBody({ name: 'Cub camp!' }));
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body).toMatchObject({ name: 'Cub camp!', sectionId: cubs });
    // They run it as its creator does: the organisers' attendee list, and removing a member's comment.
    const camp = adminCubs.body.id as number;
    expect((await cub.client.post(`/api/events/${camp}/attend`, { status: 'attending' })).status).toBe(200);
    const seen = (await cubLeader.client.get(`/api/events/${camp}/attendees`)).body as Array<Record<string, unknown>>;
    expect(seen.find((entry) => entry.id === cub.user.id)).toMatchObject({ checkedIn: false });
    const seenByCub = (await cub.client.get(`/api/events/${camp}/attendees`)).body as Array<Record<string, unknown>>;
    expect(seenByCub.find((entry) => entry.id === cub.user.id)).not.toHaveProperty('checkedIn');
    const said = await cub.client.post(`/api/events/${camp}/comments`, { content: 'Can I bring my dog?' });
    expect(said.status, said.text).toBe(201);
    expect((await scout.client.delete(`/api/events/${camp}/comments/${said.body.id}`)).status).toBe(404);
    expect((await cubLeader.client.delete(`/api/events/${camp}/comments/${said.body.id}`)).status).toBe(204);
    const moved = await cubLeader.client.patch(`/api/events/${adminCubs.body.id}`, eventBody({ sectionId: scouts }));
    expect(moved.status).toBe(403);
    const hike = (await admin.client.get(`/api/events?sectionId=${scouts}`)).body[0] as { id: number };
    expect((await cubLeader.client.patch(`/api/events/${hike.id}`, eventBody())).status).toBe(404);
    expect((await cubLeader.client.get(`/api/events/${mine.body.id}/attendees`)).status).toBe(200);
    expect((await cub.client.patch(`/api/events/${mine.body.id}`, eventBody())).status).toBe(403);
    expect((await cubLeader.client.delete(`/api/events/${mine.body.id}`)).status).toBe(204);
  });

  it('When a section leader asks who they are, then their sections come with it, and another section is refused', async () => {
    const me = await cubLeader.client.get('/api/users/me');
    expect(me.status, me.text).toBe(200);
    // The web app opens its event form to them by this list, and offers these sections only.
    expect(me.body.leadsSections).toEqual([{ id: cubs, name: 'Cubs', colour: '#1f6feb' }]);
    expect(me.body.role).toBe('member');
    expect((await cub.client.get('/api/users/me')).body.leadsSections).toEqual([]);
    expect((await admin.client.get('/api/users/me')).body.leadsSections).toEqual([]);
    const elsewhere = await cubLeader.client.post(
      '/api/events',
      eventBody({ name: 'Not my section', sectionId: scouts }),
    );
    expect(elsewhere.status).toBe(403);
    expect(await app.deps.prisma.event.count({ where: { name: 'Not my section' } })).toBe(0);
  });

  it('When a section is deleted, then its events belong to everyone and its memberships go', async () => {
    const section = await admin.client.post('/api/sections', { name: 'Explorers' });
    const id = section.body.id as number;
    const trip = await admin.client.post('/api/events', eventBody({ name: 'Explorer trip', sectionId: id }));
    expect(ids((await outsider.client.get('/api/events')).body)).not.toContain(trip.body.id);
    expect((await organiser.client.delete(`/api/sections/${id}`)).status).toBe(403);
    const renamed = await admin.client.patch(`/api/sections/${id}`, { name: 'Explorer Scouts', colour: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Explorer Scouts');
    expect((await admin.client.patch(`/api/sections/${id}`, { name: 'CUBS' })).status).toBe(409);
    expect((await admin.client.delete(`/api/sections/${id}`)).status).toBe(204);
    expect((await admin.client.delete(`/api/sections/${id}`)).status).toBe(404);
    const now = await outsider.client.get(`/api/events/${trip.body.id}`);
    expect(now.status).toBe(200);
    expect(now.body.sectionId).toBeNull();
  });

  it('When a Scout leader is named on a Cubs event, then they see it everywhere until taken off; other Scouts do not', async () => {
    // Sid is a cleared adult who leads the Scouts and is nothing of the Cubs.
    const sid = await app.signedIn({ name: 'Sid Scoutleader', birthDate: new Date('1985-07-07T00:00:00.000Z') });
    await clearAsLeader(admin.client, sid.user.id);
    expect((await admin.client.put(`/api/sections/${scouts}/leaders`, { userIds: [sid.user.id] })).status).toBe(200);
    await sid.client.get('/api/users/me/calendar-feed');
    expect((await sid.client.patch('/api/users/me/calendar-feed', { allEvents: true })).status).toBe(200);
    const made = await cubLeader.client.post(
      '/api/events',
      eventBody({ name: 'Cub sleepover', date: '2030-06-20T18:00:00.000Z', sectionId: cubs }),
    );
    expect(made.status, made.text).toBe(201);
    const sleepover = made.body.id as number;

    /** The sleepover's entry in the member's "every event" feed (its STATUS), or undefined. */
    const feedEntry = async (who: Who) => {
      const { url } = (await who.client.get('/api/users/me/calendar-feed')).body as { url: string };
      const res = await fetch(url.replace('https://events.example.org', app.url));
      expect(res.status).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(await res.text()));
      const vevent = calendar
        .getAllSubcomponents('vevent')
        .find((entry) => String(entry.getFirstPropertyValue('uid')).startsWith(`event-${sleepover}@`));
      return (
        vevent && { summary: vevent.getFirstPropertyValue('summary'), status: vevent.getFirstPropertyValue('status') }
      );
    };
    const hidden = async (who: Who) => {
      expect(ids((await who.client.get('/api/events')).body)).not.toContain(sleepover);
      expect(ids((await who.client.get('/api/events?when=upcoming&limit=50')).body.events)).not.toContain(sleepover);
      expect((await who.client.get(`/api/events/${sleepover}`)).status).toBe(404);
      expect((await who.client.get(`/api/events/${sleepover}/calendar.ics`)).status).toBe(404);
    };
    await hidden(sid);
    expect(await feedEntry(sid)).toBeUndefined();
    const listTag = (await sid.client.get('/api/events')).headers.get('etag') ?? '';
    expect(listTag).toMatch(/^W\//);

    const named = await cubLeader.client.put(`/api/events/${sleepover}/leaders`, { userIds: [sid.user.id] });
    expect(named.status, named.text).toBe(200);
    // At once, past the list's kept ETag: the list, its pages, the details, the download, the feed, the page.
    const listed = await sid.client.get('/api/events', { headers: { 'If-None-Match': listTag } });
    expect(listed.status).toBe(200);
    expect(ids(listed.body)).toContain(sleepover);
    expect(ids((await sid.client.get(`/api/events?when=upcoming&sectionId=${cubs}`)).body.events)).toEqual([sleepover]);
    const details = await sid.client.get(`/api/events/${sleepover}`);
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject({ name: 'Cub sleepover', sectionId: cubs, mayTakeRegister: true });
    const ics = await sid.client.get(`/api/events/${sleepover}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.text).toContain('SUMMARY:Cub sleepover');
    expect(await feedEntry(sid)).toEqual({ summary: 'Cub sleepover', status: 'TENTATIVE' });
    expect((await pageFor(app, `/events/${sleepover}`, sid.client)).html).toContain('Cub sleepover');
    // Leading it is not running it: editing stays the managers'.
    expect((await sid.client.patch(`/api/events/${sleepover}`, eventBody({ name: 'Sid’s sleepover' }))).status).toBe(
      403,
    );
    // Another Scout, not named, still sees nothing of it.
    await hidden(scout);

    const detailsTag = (await sid.client.get(`/api/events/${sleepover}`)).headers.get('etag') ?? '';
    const shownTag = (await sid.client.get('/api/events')).headers.get('etag') ?? '';
    expect((await cubLeader.client.put(`/api/events/${sleepover}/leaders`, { userIds: [] })).status).toBe(200);
    // Taken off: gone at once, past kept ETags, and the feed tells the calendar app to remove it.
    const after = await sid.client.get('/api/events', { headers: { 'If-None-Match': shownTag } });
    expect(after.status).toBe(200);
    expect(ids(after.body)).not.toContain(sleepover);
    const detailsAfter = await sid.client.get(`/api/events/${sleepover}`, { headers: { 'If-None-Match': detailsTag } });
    expect(detailsAfter.status).toBe(404);
    await hidden(sid);
    // The database stamps a cancellation with its own clock: the feed is read on that day, not the test's.
    app.setNow(new Date());
    expect(await feedEntry(sid)).toEqual({ summary: 'Cub sleepover', status: 'CANCELLED' });
    app.setNow(NOW);
    expect((await pageFor(app, `/events/${sleepover}`, sid.client)).html).not.toContain('Cub sleepover');
  });
});
