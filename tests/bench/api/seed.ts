// The bench's data set, written with set-based SQL (generate_series) so seeding takes seconds:
// 2,000 users, 200 upcoming events (a quarter private, each with about 100 invitees) and 50-300 RSVPs
// per event. The measured member is invited to half the private events and has answered a third of all.
import type { Prisma } from '../../../api/src/db/database';

export const USERS = 2000;
export const EVENTS = 200;

export interface Seeded {
  adminId: number;
  memberId: number;
  /** A private event the member is not invited to: both servers must answer 404. */
  hiddenEventId: number;
}

export async function seedBenchData(prisma: Prisma): Promise<Seeded> {
  await prisma.$executeRawUnsafe(
    `INSERT INTO users (name, is_admin, notification_prefs, updated_at)
     SELECT CASE WHEN g = 1 THEN 'Bench admin' ELSE 'Member ' || g END, g = 1, ARRAY['email'], now()
     FROM generate_series(1, $1::int) AS g`,
    USERS,
  );
  const [ids] = await prisma.$queryRawUnsafe<Array<{ first: number }>>(`SELECT min(id)::int AS first FROM users`);
  const adminId = ids!.first;
  const memberId = adminId + 1;
  const firstMember = adminId + 1;

  // Dates are a permutation of the ids (37 and 200 are coprime), so the list order is not the insert order.
  await prisma.$executeRawUnsafe(
    `INSERT INTO events (name, description, date, location, image_url, is_public, creator_id, updated_at)
     SELECT 'Event ' || g,
       'An evening of talks and games, number ' || g || '. Bring a friend and something to share.',
       date_trunc('minute', now() AT TIME ZONE 'UTC') + ((g * 37) % $1::int + 1) * interval '7 hours',
       'Community hall ' || (g % 17), 'https://picsum.photos/seed/event' || g || '/640/360',
       g % 4 <> 0, $2::int, now()
     FROM generate_series(1, $1::int) AS g`,
    EVENTS,
    adminId,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO invitations (event_id, user_id)
     SELECT e.id, u.id FROM events e JOIN users u ON (u.id + e.id) % 20 = 0 AND u.id <> $1::int AND u.id <> $2::int
     WHERE NOT e.is_public`,
    adminId,
    memberId,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO invitations (event_id, user_id)
     SELECT e.id, $1::int FROM events e WHERE NOT e.is_public AND e.id % 8 = 0`,
    memberId,
  );
  // Event e gets 50 + (e * 53) % 251 RSVPs from consecutive members (never the admin); one in five declines.
  await prisma.$executeRawUnsafe(
    `INSERT INTO attendances (event_id, user_id, status, updated_at)
     SELECT e.id, $1::int + (e.id * 97 + k) % ($2::int - 1),
       (CASE WHEN (k + e.id) % 5 = 0 THEN 'not_attending' ELSE 'attending' END)::"AttendanceStatus", now()
     FROM events e CROSS JOIN LATERAL generate_series(1, 50 + (e.id * 53) % 251) AS k`,
    firstMember,
    USERS,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO attendances (event_id, user_id, status, updated_at)
     SELECT e.id, $1::int, (CASE WHEN e.id % 2 = 0 THEN 'attending' ELSE 'not_attending' END)::"AttendanceStatus", now()
     FROM events e WHERE e.id % 3 = 0
     ON CONFLICT (event_id, user_id) DO UPDATE SET status = excluded.status`,
    memberId,
  );
  await prisma.$executeRawUnsafe(`ANALYZE`);
  const [hidden] = await prisma.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT e.id FROM events e WHERE NOT e.is_public
       AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = $1::int)
     ORDER BY e.id LIMIT 1`,
    memberId,
  );
  return { adminId, memberId, hiddenEventId: hidden!.id };
}
