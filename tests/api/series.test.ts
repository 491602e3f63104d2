// Recurring events: a series is created with a count or an end date, each occurrence is an event of
// its own carrying seriesId, occurrences keep their local time across daylight saving, "this" and "following"
// edits and deletes, one announcement per series, and more occurrences as the clock moves.
import type { User } from '@prisma/client';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventCreateInput } from '../../shared/schemas/events';
import type { EventSummary } from '../../shared/types';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { localSmtpSettings, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

const WEEK = 7 * 24 * 3_600_000;
const CLOCK = new Date('2030-01-01T12:00:00.000Z');

describe('Recurring events', () => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp('pglite', { env: { NOTIFICATIONS_TIME_ZONE: 'Europe/Berlin' } });
    // Sessions last from the app's clock: sign in on it.
    app.setNow(CLOCK);
    admin = await app.signedIn({ isAdmin: true, name: 'Organiser' });
    expect((await admin.client.post('/api/smtp-settings', localSmtpSettings(smtp.port))).status).toBe(200);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(() => app.setNow(CLOCK));

  async function createSeries(recurrence: EventCreateInput['recurrence'], overrides: Partial<EventCreateInput> = {}) {
    const res = await admin.client.post<EventSummary>('/api/events', eventBody({ recurrence, ...overrides }));
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** The series' occurrences as the list shows them, soonest first. */
  async function occurrences(seriesId: number | null, client: TestClient = admin.client): Promise<EventSummary[]> {
    const res = await client.get<EventSummary[]>('/api/events');
    expect(res.status).toBe(200);
    return res.body.filter((event) => event.seriesId === seriesId && seriesId !== null);
  }
  const datesOf = (events: EventSummary[]) => events.map((event) => event.date);

  it('When a weekly series is created with a count, then the answer is the first occurrence with its seriesId, and the list and details carry every occurrence', async () => {
    const first = await createSeries({ frequency: 'weekly', count: 10 }, { name: 'Chess club' });
    expect(first).toMatchObject({
      name: 'Chess club',
      date: '2030-06-01T18:30:00.000Z',
      seriesId: expect.any(Number),
      repeats: { frequency: 'weekly', monthlyBy: null },
    });
    const all = await occurrences(first.seriesId);
    expect(all).toHaveLength(10);
    expect(all[0]!.id).toBe(first.id);
    // 18:30 UTC is 20:30 in Berlin all summer: a week apart each.
    expect(all.map((event, index) => Date.parse(event.date) - Date.parse(first.date) - index * WEEK)).toEqual(
      Array(10).fill(0),
    );
    const detail = await admin.client.get<EventSummary>(`/api/events/${all[9]!.id}`);
    expect(detail.body).toMatchObject({ seriesId: first.seriesId, name: 'Chess club' });

    // Each occurrence is an event of its own: an RSVP to one is not an RSVP to the next.
    const member = await app.signedIn();
    expect((await member.client.post(`/api/events/${all[1]!.id}/attend`, { status: 'attending' })).status).toBe(200);
    const seen = await occurrences(first.seriesId, member.client);
    expect(seen.map((event) => event.attendingCount)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);

    // A one-off event carries seriesId null.
    const single = await admin.client.post<EventSummary>('/api/events', eventBody());
    expect(single.body).toMatchObject({ seriesId: null, repeats: null });
  });

  it('When a series repeats every 2 weeks until a date, then the occurrences end on that day', async () => {
    const first = await createSeries({ frequency: 'biweekly', until: '2030-08-10' });
    expect(datesOf(await occurrences(first.seriesId))).toEqual([
      '2030-06-01T18:30:00.000Z',
      '2030-06-15T18:30:00.000Z',
      '2030-06-29T18:30:00.000Z',
      '2030-07-13T18:30:00.000Z',
      '2030-07-27T18:30:00.000Z',
      // The end date's own day counts.
      '2030-08-10T18:30:00.000Z',
    ]);
  });

  it('When a recurrence is wrong, then the create is refused with a clear 400 and nothing is created', async () => {
    const before = (await admin.client.get<EventSummary[]>('/api/events')).body.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ frequency: 'weekly' }, /exactly one end/],
      [{ frequency: 'weekly', count: 5, until: '2030-12-01' }, /exactly one end/],
      [{ frequency: 'weekly', count: 53 }, /count must be a whole number from 1 to 52/],
      [{ frequency: 'weekly', count: 0 }, /count must be a whole number from 1 to 52/],
      [{ frequency: 'weekly', count: 2.5 }, /count must be a whole number from 1 to 52/],
      [{ frequency: 'weekly', until: '2030-05-01' }, /must not be before the event starts/],
      [{ frequency: 'weekly', until: '2030-02-30' }, /until must be an ISO date/],
      [{ frequency: 'weekly', until: 'next summer' }, /until must be an ISO date/],
      [{ frequency: 'daily', count: 3 }, /frequency must be weekly, biweekly or monthly/],
      [{ frequency: 'monthly', count: 3, monthlyBy: 'moon' }, /monthlyBy must be day or weekday/],
    ];
    for (const [recurrence, message] of cases) {
      const res = await admin.client.post('/api/events', { ...eventBody(), recurrence });
      expect(res.status, JSON.stringify(recurrence)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const notAnObject = await admin.client.post('/api/events', { ...eventBody(), recurrence: 'weekly' });
    expect(notAnObject.status).toBe(400);
    expect((await admin.client.get<EventSummary[]>('/api/events')).body.length).toBe(before);
  });

  it('When a weekly 19:00 Berlin series crosses the change to summer time, then every occurrence is at 19:00 in Berlin', async () => {
    // The last Sunday of March 2030 is the 31st: 19:00 is 18:00 UTC before it and 17:00 UTC after.
    const first = await createSeries(
      { frequency: 'weekly', count: 4 },
      { date: '2030-03-21T18:00:00.000Z', timeZone: 'Europe/Berlin' },
    );
    expect(datesOf(await occurrences(first.seriesId))).toEqual([
      '2030-03-21T18:00:00.000Z',
      '2030-03-28T18:00:00.000Z',
      '2030-04-04T17:00:00.000Z',
      '2030-04-11T17:00:00.000Z',
    ]);
  });

  it('When a series repeats monthly, then by day a month without that day is skipped, and by weekday it keeps the nth (or last) weekday', async () => {
    const byDay = await createSeries(
      { frequency: 'monthly', count: 3 },
      { date: '2030-01-31T18:00:00.000Z', timeZone: 'Europe/Berlin' },
    );
    expect(byDay.repeats).toEqual({ frequency: 'monthly', monthlyBy: 'day' });
    // No February 31st (RFC 5545): the next occurrences are March 31st and May 31st, at 19:00 Berlin time.
    expect(datesOf(await occurrences(byDay.seriesId))).toEqual([
      '2030-01-31T18:00:00.000Z',
      '2030-03-31T17:00:00.000Z',
      '2030-05-31T17:00:00.000Z',
    ]);

    // Monday, January 14th 2030: the second Monday of each month.
    const secondMonday = await createSeries(
      { frequency: 'monthly', count: 3, monthlyBy: 'weekday' },
      { date: '2030-01-14T18:00:00.000Z', timeZone: 'Europe/Berlin' },
    );
    expect(datesOf(await occurrences(secondMonday.seriesId))).toEqual([
      '2030-01-14T18:00:00.000Z',
      '2030-02-11T18:00:00.000Z',
      '2030-03-11T18:00:00.000Z',
    ]);

    // Thursday, January 31st 2030 is the fifth Thursday, which most months lack: the last Thursday instead.
    const lastThursday = await createSeries(
      { frequency: 'monthly', count: 3, monthlyBy: 'weekday' },
      { date: '2030-01-31T18:00:00.000Z', timeZone: 'Europe/Berlin' },
    );
    expect(datesOf(await occurrences(lastThursday.seriesId))).toEqual([
      '2030-01-31T18:00:00.000Z',
      '2030-02-28T18:00:00.000Z',
      '2030-03-28T18:00:00.000Z',
    ]);
  });

  it('When an occurrence is edited with scope=this, then only it changes; with scope=following, it and every later one change, shifted alike in local time', async () => {
    const first = await createSeries(
      { frequency: 'weekly', count: 6 },
      { name: 'Running club', date: '2030-03-14T18:00:00.000Z', timeZone: 'Europe/Berlin' },
    );
    const all = await occurrences(first.seriesId);
    const edit = (id: number, scope: string | null, overrides: Partial<EventCreateInput>) =>
      admin.client.patch<EventSummary>(
        `/api/events/${id}${scope ? `?scope=${scope}` : ''}`,
        eventBody({
          name: 'Running club',
          date: all.find((e) => e.id === id)!.date,
          timeZone: 'Europe/Berlin',
          ...overrides,
        }),
      );

    expect((await edit(all[1]!.id, 'this', { name: 'Running club (track)' })).status).toBe(200);
    // Default scope is "this" too.
    expect((await edit(all[2]!.id, null, { location: 'The park' })).status).toBe(200);
    let now = await occurrences(first.seriesId);
    expect(now.map((event) => event.name)).toEqual([
      'Running club',
      'Running club (track)',
      'Running club',
      'Running club',
      'Running club',
      'Running club',
    ]);
    expect(now.filter((event) => event.location === 'The park').map((event) => event.id)).toEqual([all[2]!.id]);
    // Two events of one series never start together.
    const clash = await edit(all[0]!.id, 'this', { date: all[1]!.date });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({
      code: expect.any(String),
      error: 'Another event of this series already starts at that time',
    });

    // Fields only, from the 4th on: the series stays one.
    expect((await edit(all[3]!.id, 'following', { description: 'Bring water', capacity: 12 })).status).toBe(200);
    now = await occurrences(first.seriesId);
    expect(now.map((event) => event.description === 'Bring water')).toEqual([false, false, false, true, true, true]);
    expect(now.map((event) => event.capacity)).toEqual([null, null, null, 12, 12, 12]);
    expect(datesOf(now)).toEqual(datesOf(all));

    // From the 3rd on, one hour later (20:00 Berlin) and a day later (Friday): across the change to summer time.
    const moved = await edit(all[2]!.id, 'following', { date: '2030-03-29T19:00:00.000Z', name: 'Friday run' });
    expect(moved.status, moved.text).toBe(200);
    const newSeriesId = moved.body.seriesId!;
    expect(newSeriesId).not.toBe(first.seriesId);
    expect(datesOf(await occurrences(first.seriesId))).toEqual(datesOf(all.slice(0, 2)));
    const later = await occurrences(newSeriesId);
    expect(later.map((event) => [event.id, event.date, event.name])).toEqual([
      [all[2]!.id, '2030-03-29T19:00:00.000Z', 'Friday run'],
      [all[3]!.id, '2030-04-05T18:00:00.000Z', 'Friday run'],
      [all[4]!.id, '2030-04-12T18:00:00.000Z', 'Friday run'],
      [all[5]!.id, '2030-04-19T18:00:00.000Z', 'Friday run'],
    ]);
    // This edit left capacity out: each occurrence keeps the one the earlier "following" edit gave it.
    expect(later.map((event) => event.capacity)).toEqual([null, 12, 12, 12]);

    // A series ending on a date: moving its last event a day later moves the end with it.
    const dated = await createSeries({ frequency: 'weekly', until: '2030-06-15' });
    const [, , last] = await occurrences(dated.seriesId);
    const later15 = await admin.client.patch<EventSummary>(
      `/api/events/${last!.id}?scope=following`,
      eventBody({ date: '2030-06-16T18:30:00.000Z' }),
    );
    expect(later15.status, later15.text).toBe(200);
    expect(datesOf(await occurrences(later15.body.seriesId))).toEqual(['2030-06-16T18:30:00.000Z']);
    expect(datesOf(await occurrences(dated.seriesId))).toEqual([
      '2030-06-01T18:30:00.000Z',
      '2030-06-08T18:30:00.000Z',
    ]);

    const bad = await admin.client.patch(`/api/events/${all[0]!.id}?scope=all`, eventBody());
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('scope must be this or following');
  });

  it('When a later occurrence was made private and an earlier one is edited with scope=following, then it stays private and keeps what the edit did not change', async () => {
    const first = await createSeries({ frequency: 'weekly', count: 5 }, { name: 'Youth camp' });
    const all = await occurrences(first.seriesId);
    const member = await app.signedIn();
    const seenBy = async (client: TestClient, id: number) => (await client.get(`/api/events/${id}`)).status;

    // The 4th occurrence is made private on its own, with a place and a limit of its own.
    const secret = await admin.client.patch(
      `/api/events/${all[3]!.id}?scope=this`,
      eventBody({ name: 'Youth camp', date: all[3]!.date, isPublic: false, location: 'Secret barn', capacity: 5 }),
    );
    expect(secret.status, secret.text).toBe(200);
    expect(await seenBy(member.client, all[3]!.id)).toBe(404);

    // From the 2nd on, only the description: isPublic and capacity are left out.
    const { isPublic: _omitted, ...withoutVisibility } = eventBody({
      name: 'Youth camp',
      date: all[1]!.date,
      description: 'Bring a sleeping bag',
    });
    const edited = await admin.client.patch(`/api/events/${all[1]!.id}?scope=following`, withoutVisibility);
    expect(edited.status, edited.text).toBe(200);
    let now = await occurrences(first.seriesId);
    expect(now.map((event) => event.description === 'Bring a sleeping bag')).toEqual([false, true, true, true, true]);
    expect(now.map((event) => event.isPublic)).toEqual([true, true, true, false, true]);
    expect(now.map((event) => event.capacity)).toEqual([null, null, null, 5, null]);
    expect(now[3]!.location).toBe('Secret barn');
    expect(await seenBy(member.client, all[3]!.id)).toBe(404);

    // The web form sends the whole event: values the same as the edited occurrence's are not changes either.
    const fullForm = await admin.client.patch(
      `/api/events/${all[0]!.id}?scope=following`,
      eventBody({
        name: 'Youth camp (summer)',
        date: all[0]!.date,
        isPublic: true,
        description: 'Bring a sleeping bag',
      }),
    );
    expect(fullForm.status, fullForm.text).toBe(200);
    now = await occurrences(first.seriesId);
    expect(now.map((event) => event.name)).toEqual(Array(5).fill('Youth camp (summer)'));
    expect(now.map((event) => event.isPublic)).toEqual([true, true, true, false, true]);
    expect(now[3]!.location).toBe('Secret barn');
    expect(await seenBy(member.client, all[3]!.id)).toBe(404);

    // Moving the series keeps it too: the private occurrence moves with the others and stays private.
    const moved = await admin.client.patch<EventSummary>(
      `/api/events/${all[1]!.id}?scope=following`,
      eventBody({ name: 'Youth camp (summer)', date: '2030-06-09T18:30:00.000Z', description: 'Bring a sleeping bag' }),
    );
    expect(moved.status, moved.text).toBe(200);
    const later = await occurrences(moved.body.seriesId);
    expect(later.map((event) => [event.id, event.isPublic])).toEqual([
      [all[1]!.id, true],
      [all[2]!.id, true],
      [all[3]!.id, false],
      [all[4]!.id, true],
    ]);
    expect(later[2]!.date).toBe('2030-06-23T18:30:00.000Z');
    expect(await seenBy(member.client, all[3]!.id)).toBe(404);

    // Told to change it, every following occurrence changes it.
    const privateFromHere = await admin.client.patch(
      `/api/events/${all[2]!.id}?scope=following`,
      eventBody({
        name: 'Youth camp (summer)',
        date: later[1]!.date,
        isPublic: false,
        description: 'Bring a sleeping bag',
      }),
    );
    expect(privateFromHere.status, privateFromHere.text).toBe(200);
    expect((await occurrences(moved.body.seriesId)).map((event) => event.isPublic)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('When an occurrence is deleted with scope=this, then only it goes; with scope=following, it and every later one go', async () => {
    const first = await createSeries({ frequency: 'weekly', count: 8 });
    const all = await occurrences(first.seriesId);
    const badScope = await admin.client.delete(`/api/events/${all[0]!.id}?scope=everything`);
    expect(badScope.status).toBe(400);
    expect((await admin.client.delete(`/api/events/${all[1]!.id}?scope=this`)).status).toBe(204);
    expect((await occurrences(first.seriesId)).map((event) => event.id)).toEqual(
      all.filter((_, index) => index !== 1).map((event) => event.id),
    );
    expect((await admin.client.delete(`/api/events/${all[4]!.id}?scope=following`)).status).toBe(204);
    expect((await occurrences(first.seriesId)).map((event) => event.id)).toEqual(
      [0, 2, 3].map((index) => all[index]!.id),
    );
    // A member may delete nothing of it.
    const member = await app.signedIn();
    expect((await member.client.delete(`/api/events/${all[0]!.id}?scope=following`)).status).toBe(403);
    expect(await occurrences(first.seriesId)).toHaveLength(3);
  });

  it('When a series has an uploaded cover, then every occurrence keeps showing it through edits and deletes', async () => {
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    const cookie = [...admin.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const uploadRes = await fetch(`${app.url}/api/images`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', cookie },
      body: new Uint8Array(photo),
    });
    expect(uploadRes.status).toBe(201);
    const { imageUrl } = (await uploadRes.json()) as { imageUrl: string };
    const first = await createSeries({ frequency: 'weekly', count: 3 }, { imageUrl, name: 'Photo walk' });
    const all = await occurrences(first.seriesId);
    expect(all.map((event) => event.imageUrl)).toEqual([imageUrl, imageUrl, imageUrl]);

    // The second one is edited on its own, keeping the shared cover.
    const edited = await admin.client.patch(
      `/api/events/${all[1]!.id}`,
      eventBody({ imageUrl, name: 'Photo walk (night)', date: all[1]!.date }),
    );
    expect(edited.status, edited.text).toBe(200);
    // The first goes: the cover stays for the others.
    expect((await admin.client.delete(`/api/events/${all[0]!.id}`)).status).toBe(204);
    expect((await fetch(`${app.url}${imageUrl}/480.webp`)).status).toBe(200);
    expect((await occurrences(first.seriesId)).map((event) => event.imageUrl)).toEqual([imageUrl, imageUrl]);
  });

  it('When a 10-occurrence series is created and later edited from an occurrence on, then members get one announcement of each, and reminders go per occurrence', async () => {
    const member = await app.signedIn({ googleEmail: 'series-member@example.org', notificationPrefs: ['email'] });
    const mine = (subject: RegExp) =>
      smtp.messages.filter(
        (mail) => mail.envelopeTo.includes('series-member@example.org') && subject.test(mail.subject),
      );
    const worker = app.system.createWorker({ pollIntervalMs: 50, backoffMs: 100 });
    worker.start();
    try {
      const first = await createSeries({ frequency: 'weekly', count: 10 }, { name: 'Book club' });
      await expect.poll(() => mine(/^New event: Book club$/).length, { timeout: 15_000 }).toBe(1);
      expect(mine(/^New event: Book club$/)[0]!.text).toMatch(/repeats weekly/);

      const all = await occurrences(first.seriesId);
      for (const index of [6, 8]) {
        expect((await member.client.post(`/api/events/${all[index]!.id}/attend`, { status: 'attending' })).status).toBe(
          200,
        );
      }
      const res = await admin.client.patch(
        `/api/events/${all[5]!.id}?scope=following`,
        eventBody({ name: 'Book club', date: all[5]!.date, location: 'The library' }),
      );
      expect(res.status).toBe(200);
      await expect.poll(() => mine(/^Event updated: Book club$/).length, { timeout: 15_000 }).toBe(1);
      expect(mine(/^Event updated: Book club$/)[0]!.text).toMatch(/this and following events/);

      // A day before the 7th occurrence, its attendee is reminded of it (and of no other).
      app.setNow(new Date(Date.parse(all[6]!.date) - 3_600_000));
      await expect.poll(() => mine(/^Reminder: Book club$/).length, { timeout: 15_000 }).toBe(1);
      expect(mine(/^New event: Book club$/)).toHaveLength(1);
      expect(mine(/^Event updated: Book club$/)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('When the clock moves on, then a series with a far end date gains occurrences to keep 52 ahead, once however many workers run', async () => {
    const first = await createSeries(
      { frequency: 'weekly', until: '2034-12-31' },
      { date: '2030-01-05T18:00:00.000Z', name: 'Long-running' },
    );
    const initial = await occurrences(first.seriesId);
    expect(initial).toHaveLength(52);

    // 20 weeks later, two instances' workers top the series up at the same moment.
    app.setNow(new Date(CLOCK.getTime() + 20 * WEEK));
    const workers = [0, 1].map(() => app.system.createWorker({ pollIntervalMs: 50 }));
    for (const worker of workers) worker.start();
    const later = await app.clientFor(admin.user);
    try {
      await expect.poll(async () => (await occurrences(first.seriesId, later)).length, { timeout: 15_000 }).toBe(72);
    } finally {
      for (const worker of workers) await worker.stop();
    }
    const extended = await occurrences(first.seriesId, later);
    expect(new Set(datesOf(extended)).size).toBe(72);
    // 71 weeks on, in summer time: still 19:00 in Berlin.
    expect(extended.at(-1)!.date).toBe('2031-05-17T17:00:00.000Z');
    expect(extended.at(-1)!.name).toBe('Long-running');
  });
});
