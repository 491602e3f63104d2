// The counts kept on the event's row: attending people, waitlisted and maybe, kept by a trigger on
// attendances and read by the list instead of counting. Under many parallel RSVP changes on PostgreSQL (two app
// instances, guests, waitlist, maybe, leaving, a raised capacity, an account deleted), every kept count equals a
// recount of the rows, and the API answers the recount. PostgreSQL only: PGlite has one connection, nothing runs
// in parallel there.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystem } from '../../api/src/system/create-system';
import type { EventSummary } from '../../shared/types';
import { TEST_DATABASE_URL } from '../support/env';
import { eventBody } from '../support/events';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const MEMBERS = 40;
/** Two waves of 80 requests on a shared two-core machine. */
const TIMEOUT_MS = 120_000;

interface Recount {
  id: number;
  attending_people: number;
  waitlist_count: number;
  maybe_count: number;
  people: number;
  waitlisted: number;
  maybe: number;
}

describe.skipIf(!TEST_DATABASE_URL)('kept counts under concurrency on postgres', () => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let secondUrl: string;
  let stopSecond: () => Promise<void>;

  beforeAll(async () => {
    app = await startTestApp('postgres');
    admin = await app.signedIn({ isAdmin: true });
    // A second instance on the same database: its requests race the first's for real, not in one process's queue.
    const system = await createSystem(app.config, { logger: app.deps.logger, startBot: false });
    secondUrl = (await system.start({ host: '127.0.0.1', port: 0 })).url;
    stopSecond = () => system.stop();
  });
  afterAll(async () => {
    await stopSecond?.();
    await app?.stop();
  });

  /** The kept counts next to a recount of the rows, per event. */
  function recount(eventIds: number[]): Promise<Recount[]> {
    return app.deps.prisma.$queryRaw<Recount[]>`
      SELECT e.id, e.attending_people, e.waitlist_count, e.maybe_count,
        (SELECT coalesce(sum(1 + a.guests), 0)::int FROM attendances a WHERE a.event_id = e.id AND a.status = 'attending') AS people,
        (SELECT count(*)::int FROM attendances a WHERE a.event_id = e.id AND a.status = 'waitlisted') AS waitlisted,
        (SELECT count(*)::int FROM attendances a WHERE a.event_id = e.id AND a.status = 'maybe') AS maybe
      FROM events e WHERE e.id = ANY(${eventIds}) ORDER BY e.id`;
  }

  it(
    'When 40 members change their RSVPs to two events at once, twice over, then every kept count equals a recount',
    async () => {
      const ids: number[] = [];
      for (const capacity of [15, 25]) {
        const res = await admin.client.post('/api/events', eventBody({ capacity, guestsAllowed: 2 }));
        expect(res.status).toBe(201);
        ids.push(res.body.id as number);
      }
      const members = await Promise.all(Array.from({ length: MEMBERS }, () => app.signedIn()));
      // Half the members go through the second instance.
      const clientOf = (index: number) => {
        const { client } = members[index]!;
        if (index % 2 === 0) return client;
        const other = new TestClient(secondUrl);
        for (const [name, value] of client.cookies) other.cookies.set(name, value);
        return other;
      };
      const reply = (index: number, wave: number) => {
        const pick = (index * 7 + wave * 3) % 6;
        if (pick === 5) return { status: 'not_attending' };
        if (pick >= 3) return { status: 'maybe' };
        return { status: 'attending', guests: (index + wave) % 3 };
      };
      const wave = (number: number) =>
        Promise.all(
          members.flatMap((_member, index) =>
            ids.map((id) => clientOf(index).post(`/api/events/${id}/attend`, reply(index + id, number))),
          ),
        );

      for (const res of await wave(0)) expect(res.status, res.text).toBe(200);
      const first = await recount(ids);
      expect(first.every((row) => row.waitlisted > 0 && row.maybe > 0 && row.people > 0)).toBe(true);

      // The second wave changes most replies (attending ↔ maybe ↔ gone, guests), while the organiser raises one
      // capacity (the waitlist moves up) and one member's account is deleted (their replies go with it).
      const [answers, raised] = await Promise.all([
        wave(1),
        admin.client.patch(`/api/events/${ids[0]}`, eventBody({ capacity: 30, guestsAllowed: 2 })),
        app.deps.prisma.user.delete({ where: { id: members[MEMBERS - 1]!.user.id } }),
      ]);
      expect(raised.status).toBe(200);
      // The deleted member's own requests may be refused (401); every other one succeeds.
      for (const res of answers) expect([200, 401], res.text).toContain(res.status);

      for (const row of await recount(ids)) {
        expect(row.attending_people).toBe(row.people);
        expect(row.waitlist_count).toBe(row.waitlisted);
        expect(row.maybe_count).toBe(row.maybe);
        // And a client sees the recount, in the list and in the event.
        const list = await admin.client.get<EventSummary[]>('/api/events');
        const listed = list.body.find((event) => event.id === row.id)!;
        const detail = await admin.client.get<EventSummary>(`/api/events/${row.id}`);
        for (const shown of [listed, detail.body]) {
          expect(shown).toMatchObject({
            attendingCount: row.people,
            waitlistCount: row.waitlisted,
            maybeCount: row.maybe,
          });
        }
      }
    },
    TIMEOUT_MS,
  );
});
