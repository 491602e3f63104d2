// A section's events in the channels beyond the list: calendar feeds and the first screen. A Cub's feed and
// first screen carry nothing of the Scouts'; an event that moves into a section, or a member who leaves one,
// leaves a STATUS:CANCELLED entry in the feeds that held it (so calendar apps remove it), and nowhere else.
import type { User } from '@prisma/client';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const HOST = 'https://events.example.org';

/** Each VEVENT of a feed as ical.js reads it: its summary and status by UID. */
function entriesOf(text: string): Map<string, { summary: string; status: string | null; sequence: number }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const status = (vevent.getFirstPropertyValue('status') as string | null) ?? null;
      return [event.uid, { summary: event.summary, status, sequence: event.sequence }];
    }),
  );
}

describe.each(DATABASE_KINDS)('a section’s events in feeds and first screens on %s', (kind) => {
  let app: TestApp;
  let admin: Who;
  let cub: Who;
  let cubGoer: Who;
  let scout: Who;
  let scoutParent: Who;
  let bystander: Who;
  let scouts: number;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL: HOST } });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    cub = await app.signedIn({ name: 'Carl Cub' });
    cubGoer = await app.signedIn({ name: 'Gina Cub' });
    scout = await app.signedIn({ name: 'Sara Scout' });
    scoutParent = await app.signedIn({ name: 'Pia Parent' });
    bystander = await app.signedIn({ name: 'Bo Bystander' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: scoutParent.user.id, childId: scout.user.id } });
    const section = async (name: string, members: Who[]) => {
      const made = await admin.client.post('/api/sections', { name });
      expect(made.status, made.text).toBe(201);
      const add = members.map((who) => who.user.id);
      expect((await admin.client.put(`/api/sections/${made.body.id}/members`, { add })).status).toBe(200);
      return made.body.id as number;
    };
    await section('Cubs', [cub, cubGoer]);
    scouts = await section('Scouts', [scout]);
    // Cub, Scout and the Scout's parent ask for every event they may see; Gina and Bo only for what they go to.
    for (const who of [cub, scout, scoutParent]) {
      await who.client.get('/api/users/me/calendar-feed');
      expect((await who.client.patch('/api/users/me/calendar-feed', { allEvents: true })).status).toBe(200);
    }
  });
  afterAll(() => app.stop());

  const feedOf = async (who: Who) => {
    const { url } = (await who.client.get('/api/users/me/calendar-feed')).body as { url: string };
    const res = await fetch(url.replace(HOST, app.url));
    expect(res.status).toBe(200);
    return entriesOf(await res.text());
  };
  const uid = (id: number) => `event-${id}@events.example.org`;
  const create = async (name: string, sectionId?: number) => {
    const res = await admin.client.post(
      '/api/events',
      eventBody({ name, date: '2030-06-20T09:00:00.000Z', sectionId }),
    );
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };

  it('When an event moves into the Scouts, then the feeds of those who lose it cancel it and the Scouts keep it', async () => {
    const fair = await create('Summer fair');
    expect((await cubGoer.client.post(`/api/events/${fair}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await feedOf(cub)).get(uid(fair))).toMatchObject({ summary: 'Summer fair', status: 'TENTATIVE' });
    expect((await feedOf(cubGoer)).get(uid(fair))).toMatchObject({ status: 'CONFIRMED' });
    const before = (await feedOf(cub)).get(uid(fair))!.sequence;

    const moved = await admin.client.patch(
      `/api/events/${fair}`,
      eventBody({ name: 'Summer fair', sectionId: scouts }),
    );
    expect(moved.status, moved.text).toBe(200);

    // The Cub's "every event" feed and Gina's feed (she was going) say it is cancelled, newer than what they hold.
    const cubEntry = (await feedOf(cub)).get(uid(fair));
    expect(cubEntry).toMatchObject({ summary: 'Summer fair', status: 'CANCELLED' });
    expect(cubEntry!.sequence).toBeGreaterThan(before);
    expect((await feedOf(cubGoer)).get(uid(fair))).toMatchObject({ status: 'CANCELLED' });
    // The Scout and the Scout's parent still see it, live.
    expect((await feedOf(scout)).get(uid(fair))).toMatchObject({ status: 'TENTATIVE' });
    expect((await feedOf(scoutParent)).get(uid(fair))).toMatchObject({ status: 'TENTATIVE' });
    // A feed that never held it gets no entry.
    await bystander.client.get('/api/users/me/calendar-feed');
    expect((await feedOf(bystander)).has(uid(fair))).toBe(false);

    // A Scouts event never names itself in a Cub's feed, not even cancelled, when it is edited or made private.
    const hike = await create('Scout hike', scouts);
    const secret = await admin.client.patch(
      `/api/events/${hike}`,
      eventBody({ name: 'Scout hike', isPublic: false, sectionId: scouts }),
    );
    expect(secret.status).toBe(200);
    expect((await feedOf(cub)).has(uid(hike))).toBe(false);
    expect((await feedOf(scout)).get(uid(hike))).toMatchObject({ status: 'CANCELLED' });
  });

  it('When a Scout leaves the section, then the Scouts’ events leave their feed and their parent’s as cancelled', async () => {
    const camp = await create('Scout camp', scouts);
    expect((await feedOf(scout)).get(uid(camp))).toMatchObject({ status: 'TENTATIVE' });
    expect((await feedOf(scoutParent)).get(uid(camp))).toMatchObject({ status: 'TENTATIVE' });
    expect((await feedOf(cub)).has(uid(camp))).toBe(false);

    const left = await admin.client.put(`/api/sections/${scouts}/members`, { remove: [scout.user.id] });
    expect(left.status).toBe(200);
    expect((await feedOf(scout)).get(uid(camp))).toMatchObject({ summary: 'Scout camp', status: 'CANCELLED' });
    expect((await feedOf(scoutParent)).get(uid(camp))).toMatchObject({ status: 'CANCELLED' });

    // Back in the section, the camp is live again.
    expect((await admin.client.put(`/api/sections/${scouts}/members`, { add: [scout.user.id] })).status).toBe(200);
    expect((await feedOf(scout)).get(uid(camp))).toMatchObject({ status: 'TENTATIVE' });
  });

  it('When a Cub opens the app, then its first screen carries nothing of the Scouts’ events; a Scout’s does', async () => {
    const jamboree = await create('Scout jamboree', scouts);
    await create('Open evening');
    for (const route of ['/', '/events', `/events/${jamboree}`]) {
      const page = await pageFor(app, route, cub.client);
      expect(page.status, route).toBe(200);
      expect(page.html, route).not.toContain('Scout jamboree');
      expect(page.html, route).not.toContain('Scout camp');
    }
    const cubHome = await pageFor(app, '/', cub.client);
    expect(cubHome.html).toContain('Open evening');
    const scoutHome = await pageFor(app, '/', scout.client);
    expect(scoutHome.html).toContain('Scout jamboree');
    expect(scoutHome.html).toContain('Open evening');
    expect((await pageFor(app, `/events/${jamboree}`, scout.client)).html).toContain('Scout jamboree');
  });
});
