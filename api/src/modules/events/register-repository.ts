// The register_entries table: each meeting's marks (present, late, excused, absent), who is expected on a
// register, and who may be put on one. A scanned pass writes "present" through a trigger on attendances
// (migration 20261201020000_registers), so every check-in path marks the register.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { RegisterStatus } from '../../../../shared/types/registers';
import type { SectionRole } from '../../../../shared/types/sections';
import type { Prisma } from '../../db/database';
import { visibleToSql } from './event-visibility-repository';

type Tx = PrismaTypes.TransactionClient;

export interface RegisterRow {
  userId: number;
  name: string;
  role: SectionRole | null;
  reply: StoredRsvpStatus | null;
  status: RegisterStatus | null;
  source: 'register' | 'check_in' | null;
  birthDate: Date | null;
}

/**
 * Who is on the event's register: the section's members and leaders (for a section's event), everyone who
 * replied, and everyone already marked; with each one's reply and mark.
 */
export function registerRows(prisma: Prisma | Tx, eventId: number, sectionId: number | null): Promise<RegisterRow[]> {
  return prisma.$queryRaw<RegisterRow[]>`
    WITH people AS (
      SELECT sm.user_id FROM section_members sm WHERE sm.section_id = ${sectionId}::int
      UNION SELECT a.user_id FROM attendances a WHERE a.event_id = ${eventId}
      UNION SELECT r.user_id FROM register_entries r WHERE r.event_id = ${eventId})
    SELECT u.id AS "userId", u.name, sm.role, a.status::text AS reply, r.status, r.source,
           u.birth_date AS "birthDate"
      FROM people p
      JOIN users u ON u.id = p.user_id
      LEFT JOIN section_members sm ON sm.section_id = ${sectionId}::int AND sm.user_id = u.id
      LEFT JOIN attendances a ON a.event_id = ${eventId} AND a.user_id = u.id
      LEFT JOIN register_entries r ON r.event_id = ${eventId} AND r.user_id = u.id
     ORDER BY u.id`;
}

/**
 * Those of `userIds` who may be put on the event's register: active members who may see the event (the one
 * visibility rule, judged for each of them), and anyone who replied to it or is already on it.
 */
export async function registrable(prisma: Prisma | Tx, eventId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT u.id FROM users u CROSS JOIN events e
     WHERE e.id = ${eventId} AND u.id IN (${PrismaTypes.join(userIds)})
       AND ((u.status = 'active' AND u.deleted_at IS NULL AND u.role <> 'guardian'
             AND ${visibleToSql(PrismaTypes.sql`u.id`, PrismaTypes.sql`u.is_admin`)})
            OR EXISTS (SELECT 1 FROM attendances a WHERE a.event_id = e.id AND a.user_id = u.id)
            OR EXISTS (SELECT 1 FROM register_entries r WHERE r.event_id = e.id AND r.user_id = u.id))`;
  return new Set(rows.map((row) => row.id));
}

/** Saves a leader's marks (a mark a check-in wrote becomes the leader's). */
export async function saveMarks(
  tx: Tx,
  eventId: number,
  entries: Array<{ userId: number; status: RegisterStatus }>,
  at: Date,
): Promise<void> {
  if (!entries.length) return;
  const values = entries.map(
    (entry) => PrismaTypes.sql`(${eventId}, ${entry.userId}, ${entry.status}, 'register', ${at})`,
  );
  await tx.$executeRaw`
    INSERT INTO register_entries (event_id, user_id, status, source, marked_at)
    VALUES ${PrismaTypes.join(values)}
    ON CONFLICT (event_id, user_id) DO UPDATE
      SET status = EXCLUDED.status, source = EXCLUDED.source, marked_at = EXCLUDED.marked_at`;
}
