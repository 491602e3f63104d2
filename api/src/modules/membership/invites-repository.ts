// The invites table, and the one write that admits a pending account: the only code that talks to them.
import type { Invite } from '@prisma/client';
import type { AuditDb } from '../audit/audit-repository';
import type { Prisma } from '../../db/database';
import type { UserRow } from '../users/users-repository';

export type InviteRow = Invite;

export const insertInvite = (db: AuditDb, invite: Omit<InviteRow, 'uses' | 'createdAt'>): Promise<InviteRow> =>
  db.invite.create({ data: invite });

/** Every invite, newest first (expired and used-up ones too: the admin sees why a link stopped working). */
export const listInvites = (prisma: Prisma, limit: number): Promise<InviteRow[]> =>
  prisma.invite.findMany({ orderBy: [{ createdAt: 'desc' }, { code: 'asc' }], take: limit });

export const findInvite = (db: AuditDb, code: string): Promise<InviteRow | null> =>
  db.invite.findUnique({ where: { code } });

/** Deletes the invite; false when there was none. */
export async function deleteInvite(db: AuditDb, code: string): Promise<boolean> {
  const { count } = await db.invite.deleteMany({ where: { code } });
  return count > 0;
}

/**
 * Takes one use of the invite, or nothing when it is unknown, expired or used up. One conditional UPDATE: two
 * joins at once cannot both take the last use (the row lock orders them; the second sees uses = max_uses).
 */
export async function takeInviteUse(db: AuditDb, code: string, now: Date): Promise<{ role: string } | null> {
  const rows = await db.$queryRaw<Array<{ role: string }>>`
    UPDATE invites SET uses = uses + 1
     WHERE code = ${code} AND expires_at > ${now} AND (max_uses IS NULL OR uses < max_uses)
    RETURNING role`;
  return rows[0] ?? null;
}

/**
 * A pending account becomes active with `role` (never lowering a role it already has). Null when the account
 * is not pending (any more): the caller then takes no use of the invite.
 */
export async function admitPendingUser(db: AuditDb, userId: number, role: string): Promise<UserRow | null> {
  const { count } = await db.user.updateMany({ where: { id: userId, status: 'pending' }, data: { status: 'active' } });
  if (!count) return null;
  return db.user.update({ where: { id: userId }, data: role === 'member' ? {} : { role } });
}
