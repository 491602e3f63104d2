// The users table as the members admin sees it: the paged, filtered list and the changes an admin makes.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import type { AuditDb } from '../audit/audit-repository';

export interface MemberListRow {
  id: number;
  name: string;
  email: string | null;
  telegram_username: string | null;
  role: string;
  status: string;
  created_at: Date;
  last_seen_at: Date | null;
}

export interface MemberFilter {
  status?: string;
  role?: string;
  q?: string;
  /** Ids below this one (the page before ended there). */
  before?: number;
  limit: number;
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Newest accounts first, keyset-paged by id (ids grow with creation, so this is creation order). The email is
 * the sign-in email (Google, or a linked one its owner confirmed); last seen is the newest session's start.
 */
export function listMembers(prisma: Prisma, filter: MemberFilter): Promise<MemberListRow[]> {
  // Erased accounts stay as tombstones (comments keep an author); they are no longer members.
  const conditions: PrismaTypes.Sql[] = [PrismaTypes.sql`u.deleted_at IS NULL`];
  if (filter.status) conditions.push(PrismaTypes.sql`u.status = ${filter.status}`);
  if (filter.role) conditions.push(PrismaTypes.sql`u.role = ${filter.role}`);
  if (filter.before !== undefined) conditions.push(PrismaTypes.sql`u.id < ${filter.before}`);
  if (filter.q) {
    // The text the trigram index of migration *_member_search holds: name, sign-in emails and Telegram username,
    // joined by U+001F so that a search never matches across two of them. Written as the index is, or it is not used.
    conditions.push(PrismaTypes.sql`(u.name || chr(31) || COALESCE(u.google_email, '') || chr(31)
      || COALESCE(CASE WHEN u.linked_email_confirmed THEN u.linked_email END, '') || chr(31)
      || COALESCE(u.telegram_username, '')) ILIKE ${containing(filter.q)}`);
  }
  return prisma.$queryRaw<MemberListRow[]>`
    SELECT u.id, u.name,
      COALESCE(u.google_email, CASE WHEN u.linked_email_confirmed THEN u.linked_email END) AS email,
      u.telegram_username, u.role, u.status, u.created_at,
      (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at
    FROM users u
    WHERE ${PrismaTypes.join(conditions, ' AND ')}
    ORDER BY u.id DESC
    LIMIT ${filter.limit}`;
}

export const findMemberRow = async (db: AuditDb, id: number): Promise<MemberListRow | null> => {
  const [row] = await db.$queryRaw<MemberListRow[]>`
    SELECT u.id, u.name,
      COALESCE(u.google_email, CASE WHEN u.linked_email_confirmed THEN u.linked_email END) AS email,
      u.telegram_username, u.role, u.status, u.created_at,
      (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at
    FROM users u WHERE u.id = ${id} AND u.deleted_at IS NULL`;
  return row ?? null;
};

/**
 * Locks the admins for this transaction: two admins demoting each other at once are ordered, so the second
 * sees the first's change and the organisation keeps an admin.
 */
export async function lockAdmins(tx: AuditDb): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('users.admins'))`;
}

/** Active admins other than this user. */
export const countOtherActiveAdmins = (tx: AuditDb, userId: number): Promise<number> =>
  tx.user.count({ where: { role: 'admin', status: 'active', id: { not: userId } } });

export async function setMemberStatusAndRole(
  tx: AuditDb,
  id: number,
  changes: { status?: string; role?: string },
): Promise<void> {
  await tx.user.update({ where: { id }, data: changes });
}

/** A suspended member is told nothing more: what was queued for them and not yet sent is dropped. */
export async function dropQueuedMessages(tx: AuditDb, userId: number): Promise<void> {
  await tx.outboxMessage.deleteMany({ where: { userId, status: 'pending' } });
}
