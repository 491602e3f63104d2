// The bench's data set, written with set-based SQL (generate_series) so seeding takes seconds:
// 2,000 users, 200 upcoming events (a quarter private, each with about 100 invitees) and 50-300 RSVPs
// per event (some maybe, some waitlisted). The measured member is invited to half the private events and has
// answered a third of all. The large set: 10,000 events, half of them past, 5-20 RSVPs and
// about 20 invitees each.
import type { Prisma } from '../../../api/src/db/database';

export const USERS = 2000;
export const EVENTS = 200;
export const LARGE_EVENTS = 10_000;

export interface SeedOptions {
  events: number;
  /** Events before now (the rest upcoming), 0..1. */
  pastShare: number;
  /** RSVPs of event e: base + (e * 53) % spread. */
  rsvps: { base: number; spread: number };
  /** A private event invites the users whose id + the event's id is a multiple of this. */
  inviteEvery: number;
  /** Users, the admin and the measured member among them (default USERS). */
  users?: number;
}

export const SMALL_SET: SeedOptions = {
  events: EVENTS,
  pastShare: 0,
  rsvps: { base: 50, spread: 251 },
  inviteEvery: 20,
};
export const LARGE_SET: SeedOptions = {
  events: LARGE_EVENTS,
  pastShare: 0.5,
  rsvps: { base: 5, spread: 16 },
  inviteEvery: 100,
};

export interface Seeded {
  adminId: number;
  memberId: number;
  /** A private event the member is not invited to: both servers must answer 404. */
  hiddenEventId: number;
}

export async function seedBenchData(prisma: Prisma, options: SeedOptions = SMALL_SET): Promise<Seeded> {
  const { events, pastShare, rsvps, inviteEvery, users = USERS } = options;
  await prisma.$executeRawUnsafe(
    `INSERT INTO users (name, is_admin, notification_prefs, updated_at)
     SELECT CASE WHEN g = 1 THEN 'Bench admin' ELSE 'Member ' || g END, g = 1, ARRAY['email'], now()
     FROM generate_series(1, $1::int) AS g`,
    users,
  );
  const [ids] = await prisma.$queryRawUnsafe<Array<{ first: number }>>(`SELECT min(id)::int AS first FROM users`);
  const adminId = ids!.first;
  const memberId = adminId + 1;
  const firstMember = adminId + 1;

  // Dates are a permutation of the ids (37 is coprime with 200 and 10,000), so the list order is not the insert
  // order; the first `past` of that permutation lie before now.
  await prisma.$executeRawUnsafe(
    `INSERT INTO events (name, description, date, location, image_url, is_public, creator_id, updated_at, capacity)
     SELECT 'Event ' || g,
       'An evening of talks and games, number ' || g || '. Bring a friend and something to share.',
       date_trunc('minute', now() AT TIME ZONE 'UTC') + ((g * 37) % $1::int + 1 - $3::int) * interval '7 hours',
       'Community hall ' || (g % 17), 'https://picsum.photos/seed/event' || g || '/640/360',
       g % 4 <> 0, $2::int, now(), CASE WHEN g % 10 = 0 THEN 40 END
     FROM generate_series(1, $1::int) AS g`,
    events,
    adminId,
    Math.round(events * pastShare),
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO invitations (event_id, user_id)
     SELECT e.id, u.id FROM events e JOIN users u ON (u.id + e.id) % $3::int = 0 AND u.id <> $1::int AND u.id <> $2::int
     WHERE NOT e.is_public`,
    adminId,
    memberId,
    inviteEvery,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO invitations (event_id, user_id)
     SELECT e.id, $1::int FROM events e WHERE NOT e.is_public AND e.id % 8 = 0`,
    memberId,
  );
  // Event e gets base + (e * 53) % spread RSVPs from consecutive members (never the admin): one in five declines,
  // one in seven says maybe; on events with a capacity of 40, those past it wait (waitlisted).
  await prisma.$executeRawUnsafe(
    `INSERT INTO attendances (event_id, user_id, status, updated_at, waitlisted_at)
     SELECT e.id, $1::int + (e.id * 97 + k) % ($2::int - 1), s.status::"AttendanceStatus", now(),
       CASE WHEN s.status = 'waitlisted' THEN now() + k * interval '1 second' END
     FROM events e CROSS JOIN LATERAL generate_series(1, $3::int + (e.id * 53) % $4::int) AS k
     CROSS JOIN LATERAL (SELECT CASE WHEN (k + e.id) % 5 = 0 THEN 'not_attending' WHEN (k + e.id) % 7 = 0 THEN 'maybe'
       WHEN e.capacity IS NOT NULL AND k > e.capacity THEN 'waitlisted' ELSE 'attending' END AS status) s`,
    firstMember,
    users,
    rsvps.base,
    rsvps.spread,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO attendances (event_id, user_id, status, updated_at)
     SELECT e.id, $1::int, (CASE WHEN e.id % 2 = 1 THEN 'not_attending' WHEN e.capacity IS NULL THEN 'attending'
       ELSE 'maybe' END)::"AttendanceStatus", now()
     FROM events e WHERE e.id % 3 = 0
     ON CONFLICT (event_id, user_id) DO UPDATE SET status = excluded.status, waitlisted_at = NULL`,
    memberId,
  );
  // One statement writes every RSVP, so each event's row gets a new version (its kept counts) for each of its
  // RSVPs inside one transaction, where PostgreSQL can prune none of them: the events table would be many times
  // its size, and every read of the list would walk those pages. Members' RSVPs come one transaction at a time,
  // where pruning keeps the table compact even with autovacuum off (docs/performance.md has the sizes). VACUUM
  // FULL gives the bench that table; ANALYZE the planner's statistics.
  await prisma.$executeRawUnsafe(`VACUUM (FULL, ANALYZE)`);
  const [hidden] = await prisma.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT e.id FROM events e WHERE NOT e.is_public
       AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = $1::int)
     ORDER BY e.id LIMIT 1`,
    memberId,
  );
  return { adminId, memberId, hiddenEventId: hidden!.id };
}
