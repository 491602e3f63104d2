// Time zones: an event's zone is validated and kept, dates that do not exist are refused (never rolled
// over), and what people read — emails, Telegram messages, the web app — says the event's local time with its
// zone, right on both sides of a daylight-saving change; a viewer elsewhere also sees their own time.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptOrganisationTimeZone } from '../../api/src/modules/calendar/time-zones-repository';
import type { EventCreateInput } from '../../shared/schemas/events';
import { instantFromWallTime } from '../../shared/time-zones';
import { zoneNote } from '../../webapp/src/lib/date-zones';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';

describe('time zones', () => {
  let app: NotifyApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    // The organisation's zone: new events' default.
    app = await startNotifyApp('pglite', { env: { NOTIFICATIONS_TIME_ZONE: 'America/New_York' } });
    admin = await app.admin();
  });
  afterAll(() => app?.stop());

  const create = (overrides: Partial<EventCreateInput>) => admin.client.post('/api/events', eventBody(overrides));

  it('When an event is sent with an unknown zone or a date that does not exist, then the answer is 400 with a clear message', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+03:00', 'CEST', '', 42]) {
      // 42 is what the form cannot send: the body is built by hand.
      const res = await admin.client.post('/api/events', { ...eventBody(), timeZone });
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.body.error ?? res.body.message ?? res.text).toMatch(/time zone/i);
    }
    for (const date of ['2030-02-30', '2030-02-29T10:00:00Z', '2030-04-31T10:00', '2030-03-07T24:30', '2030-13-01']) {
      const res = await create({ date });
      expect(res.status, date).toBe(400);
      expect(res.text).toContain('Invalid date format');
    }
    const created = await create({ date: '2030-03-01T09:00' });
    expect(created.status).toBe(201);
    // A date-time without an offset is UTC, whatever the server's zone; the zone is the organisation's.
    expect(created.body).toMatchObject({ date: '2030-03-01T09:00:00.000Z', timeZone: 'America/New_York' });
    const edit = await admin.client.patch(`/api/events/${created.body.id}`, eventBody({ timeZone: 'Nowhere/City' }));
    expect(edit.status).toBe(400);
    // A known name in another case is stored as Intl spells it.
    const moved = await admin.client.patch(`/api/events/${created.body.id}`, eventBody({ timeZone: 'europe/berlin' }));
    expect(moved.body.timeZone).toBe('Europe/Berlin');
  });

  it('When an event in Asia/Kolkata is read from America/New_York, then it shows Kolkata time with its zone and the viewer’s own time', async () => {
    const res = await create({ date: '2030-06-15T13:30:00.000Z', timeZone: 'Asia/Kolkata' });
    expect(res.status).toBe(201);
    expect(res.body.timeZone).toBe('Asia/Kolkata');
    const read = await admin.client.get(`/api/events/${res.body.id}`);
    expect(read.body).toMatchObject({ date: '2030-06-15T13:30:00.000Z', timeZone: 'Asia/Kolkata' });
    // What the web app and the Mini App render beside "7:00 PM".
    expect(zoneNote(read.body.date, read.body.timeZone, 'America/New_York')).toEqual({
      zone: 'GMT+5:30 (Asia/Kolkata)',
      yours: '9:30 AM your time',
    });
    // Late in Kolkata is the day before in New York: the viewer's day is said too.
    expect(zoneNote('2030-06-15T20:00:00.000Z', 'Asia/Kolkata', 'America/New_York')?.yours).toBe(
      'Sat, Jun 15 · 4:00 PM your time',
    );
    // A viewer in the event's zone (or one with the same clocks) sees no second time.
    expect(zoneNote(read.body.date, 'Asia/Kolkata', 'Asia/Kolkata')?.yours).toBeNull();
  });

  it('When events fall on both sides of a daylight-saving change, then emails and Telegram messages say the right local time', async () => {
    await app.signedIn({
      name: 'Reader',
      googleEmail: `reader-${Date.now()}@example.org`,
      telegramId: String(Date.now()),
      notificationPrefs: ['email', 'telegram'],
    });
    const cases = [
      // Berlin springs forward on 31 March 2030 at 02:00 (01:00Z).
      [
        'Berlin before',
        '2030-03-31T00:30:00.000Z',
        'Europe/Berlin',
        'Sunday, March 31, 2030 at 1:30 AM GMT+1 (Europe/Berlin)',
      ],
      [
        'Berlin after',
        '2030-03-31T01:30:00.000Z',
        'Europe/Berlin',
        'Sunday, March 31, 2030 at 3:30 AM GMT+2 (Europe/Berlin)',
      ],
      // New York falls back on 3 November 2030: 1:30 AM happens twice.
      [
        'New York first',
        '2030-11-03T05:30:00.000Z',
        'America/New_York',
        'Sunday, November 3, 2030 at 1:30 AM EDT (America/New_York)',
      ],
      [
        'New York second',
        '2030-11-03T06:30:00.000Z',
        'America/New_York',
        'Sunday, November 3, 2030 at 1:30 AM EST (America/New_York)',
      ],
    ] as const;
    for (const [name, date, timeZone] of cases) expect((await create({ name, date, timeZone })).status).toBe(201);
    while (await app.outbox.expandNext(app.deps.now(), 100));
    const rows = await app.outboxRows();
    for (const [name, , , text] of cases) {
      for (const channel of ['email', 'telegram'] as const) {
        const row = rows.find((r) => r.channel === channel && r.body.includes(name));
        expect(row?.body, `${name} by ${channel}`).toContain(text);
      }
    }
  });

  it('When a wall time is read in a zone, then skipped and repeated times follow what calendar apps do', () => {
    const wall = (zone: string, day: number, month: number, hour: number, minute = 30) =>
      instantFromWallTime({ year: 2030, month, day, hour, minute }, zone).toISOString();
    expect(wall('Europe/Berlin', 31, 3, 1)).toBe('2030-03-31T00:30:00.000Z');
    expect(wall('Europe/Berlin', 31, 3, 3)).toBe('2030-03-31T01:30:00.000Z');
    // 02:30 does not exist that night: read with the offset from before the change.
    expect(wall('Europe/Berlin', 31, 3, 2)).toBe('2030-03-31T01:30:00.000Z');
    // 1:30 AM happens twice in New York: the first one.
    expect(wall('America/New_York', 3, 11, 1)).toBe('2030-11-03T05:30:00.000Z');
    expect(wall('Asia/Kolkata', 15, 6, 19, 0)).toBe('2030-06-15T13:30:00.000Z');
  });

  it('When the app starts with events from before time zones, then they take the organisation’s zone without a new SEQUENCE', async () => {
    const old = await app.deps.prisma.event.create({
      data: eventRow(admin.user.id, { name: 'Old event', date: new Date('2030-05-01T10:00:00Z') }),
    });
    expect(old.timeZone).toBeNull();
    await adoptOrganisationTimeZone(app.deps.prisma, app.config.notificationsTimeZone);
    const read = await admin.client.get(`/api/events/${old.id}`);
    expect(read.body).toMatchObject({ timeZone: 'America/New_York', sequence: 0 });
  });
});
