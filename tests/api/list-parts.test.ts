// The list is written from each event's JSON kept under its row version (api/src/modules/events/summary-json.ts).
// Whatever changes, every event in the list and in a page must be byte for byte what its details answer says
// (less the viewer's own answers, which only the details carry), which is written from the row each time
// (event-read-repository.ts): a kept part may never show an old state.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { rawGet, type TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2030-05-01T10:00:00.000Z');
const LIST_PATHS = ['/api/events', '/api/events?when=upcoming&limit=100'];

describe.each(DATABASE_KINDS)('the list shows each event as its details do, on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let other: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    member = await app.signedIn({ name: 'Mia Member' });
    other = await app.signedIn({ name: 'Oli Other' });
  });
  afterAll(() => app.stop());

  const get = (who: { client: TestClient }, path: string) =>
    rawGet(`${app.url}${path}`, { cookie: `${SESSION_COOKIE}=${who.client.cookies.get(SESSION_COOKIE)}` });

  /** Each listed event's JSON, as the list wrote it (parsed and written again: the list's own order of keys). */
  async function listed(who: { client: TestClient }, path: string): Promise<Map<number, string>> {
    const answer = await get(who, path);
    expect(answer.status, path).toBe(200);
    const body = JSON.parse(answer.bytes.toString('utf8')) as unknown;
    const events = (Array.isArray(body) ? body : (body as { events: unknown[] }).events) as Array<{ id: number }>;
    return new Map(events.map((event) => [event.id, JSON.stringify(event)]));
  }

  /** Every list and page agrees with the details, for `who`; returns the ids they list. */
  async function expectListsMatchDetails(who: { client: TestClient }): Promise<number[]> {
    let ids: number[] = [];
    for (const path of LIST_PATHS) {
      const events = await listed(who, path);
      for (const [id, json] of events) {
        const details = await get(who, `/api/events/${id}`);
        expect(details.status).toBe(200);
        // The details add the viewer's own answers to the event's questions (myAnswers) and whether they may take
        // its register; the list does not.
        const { myAnswers, mayTakeRegister, ...summary } = JSON.parse(details.bytes.toString('utf8')) as {
          myAnswers?: unknown;
          mayTakeRegister?: unknown;
        };
        expect(myAnswers, `${path}: event ${id}`).toBeDefined();
        expect(typeof mayTakeRegister, `${path}: event ${id}`).toBe('boolean');
        expect(json, `${path}: event ${id}`).toBe(JSON.stringify(summary));
      }
      ids = [...events.keys()];
    }
    return ids;
  }

  it('When events are edited, answered, capped, hidden and deleted between reads, then the list always shows their current state', async () => {
    const create = async (overrides: Record<string, unknown>) => {
      const res = await admin.client.post('/api/events', eventBody(overrides));
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const picnic = await create({ name: 'Picnic', date: '2030-06-01T12:00:00.000Z', capacity: 1 });
    const walk = await create({ name: 'Walk', date: '2030-06-02T12:00:00.000Z' });
    const chess = await create({
      name: 'Chess',
      date: '2030-06-03T18:00:00.000Z',
      guestsAllowed: 2,
      recurrence: { frequency: 'weekly', count: 3 },
    });
    // Every part is kept now.
    expect(await expectListsMatchDetails(member)).toEqual(expect.arrayContaining([picnic, walk, chess]));

    // Someone else's RSVP changes the kept counts; the member's own changes only their part.
    expect((await other.client.post(`/api/events/${picnic}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await member.client.post(`/api/events/${picnic}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await member.client.post(`/api/events/${walk}/attend`, { status: 'maybe' })).status).toBe(200);
    const withGuests = await member.client.post(`/api/events/${chess}/attend`, { status: 'attending', guests: 2 });
    expect(withGuests.status, withGuests.text).toBe(200);
    await expectListsMatchDetails(member);
    expect(JSON.parse((await listed(member, '/api/events')).get(chess)!)).toMatchObject({
      myStatus: 'attending',
      myGuests: 2,
      attendingCount: 3,
    });
    const picnicNow = JSON.parse((await listed(member, '/api/events')).get(picnic)!) as Record<string, unknown>;
    expect(picnicNow).toMatchObject({ attendingCount: 1, spotsLeft: 0, waitlistCount: 1, myStatus: 'waitlisted' });
    expect(picnicNow.myWaitlistPosition).toBe(1);

    // An edit of the name and the capacity.
    const edit = await admin.client.patch(
      `/api/events/${picnic}`,
      eventBody({ name: 'Picnic in the park', date: '2030-06-01T12:00:00.000Z', capacity: 5 }),
    );
    expect(edit.status, edit.text).toBe(200);
    await expectListsMatchDetails(member);
    expect(JSON.parse((await listed(member, '/api/events')).get(picnic)!)).toMatchObject({
      name: 'Picnic in the park',
      myStatus: 'attending',
    });

    // The walk becomes private: gone from the member's list, still in the admin's.
    const hide = await admin.client.patch(
      `/api/events/${walk}`,
      eventBody({ name: 'Walk', date: '2030-06-02T12:00:00.000Z', isPublic: false }),
    );
    expect(hide.status, hide.text).toBe(200);
    expect(await expectListsMatchDetails(member)).not.toContain(walk);
    expect(await expectListsMatchDetails(admin)).toContain(walk);

    // A deleted occurrence of the series is gone; the others stay as they are.
    expect((await admin.client.delete(`/api/events/${chess}`)).status).toBe(204);
    const after = await expectListsMatchDetails(member);
    expect(after).not.toContain(chess);
    expect(after).toContain(picnic);
  });
});
