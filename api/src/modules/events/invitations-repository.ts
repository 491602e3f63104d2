// The invitations table: who may see a private event besides its creator (and admins).
import type { InvitationItem } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { ACTIVE_MEMBER } from '../users/users-repository';
import { isPrismaError, type Tx } from './events-repository';

export async function listInvitations(prisma: Prisma, eventId: number): Promise<InvitationItem[]> {
  const rows = await prisma.invitation.findMany({
    where: { eventId },
    orderBy: { userId: 'asc' },
    select: { userId: true },
  });
  return rows.map((row) => ({ userId: row.userId }));
}

export type ReplaceResult =
  | { kind: 'replaced'; invitations: InvitationItem[]; added: number[] }
  | { kind: 'unknown-users'; userIds: number[] }
  | { kind: 'not-members'; userIds: number[] }
  | { kind: 'event-gone' };

/**
 * Makes `userIds` the event's whole invited set, in one transaction: unknown users, or newly invited ones who
 * are not active members, change nothing. The event row is locked first so two concurrent replacements run
 * one after the other, and each sees the set the other left (so "newly added" is exact and nobody is told
 * twice). `onAdded` runs in the same transaction when someone was newly invited (it writes their notification
 * job).
 */
export async function replaceInvitations(
  prisma: Prisma,
  eventId: number,
  userIds: number[],
  onAdded: (tx: Tx, added: number[]) => Promise<void>,
): Promise<ReplaceResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM events WHERE id = ${eventId} FOR UPDATE`;
      if (locked.length === 0) return { kind: 'event-gone' } as const;

      const found = await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } });
      if (found.length !== userIds.length) {
        const known = new Set(found.map((user) => user.id));
        return { kind: 'unknown-users', userIds: userIds.filter((id) => !known.has(id)) } as const;
      }

      const before = await tx.invitation.findMany({ where: { eventId }, select: { userId: true } });
      const already = new Set(before.map((row) => row.userId));
      const added = userIds.filter((id) => !already.has(id));
      // Only active members are newly invited: an invitation tells its holder the event's name and place, and a
      // guardian account, one waiting for approval, a suspended or an erased one is no member to tell. Someone
      // already invited stays so (the dialog sends the set back as it found it) and is simply not told.
      const members = await tx.user.findMany({ where: { id: { in: added }, ...ACTIVE_MEMBER }, select: { id: true } });
      if (members.length !== added.length) {
        const member = new Set(members.map((user) => user.id));
        return { kind: 'not-members', userIds: added.filter((id) => !member.has(id)) } as const;
      }
      await tx.invitation.deleteMany({ where: { eventId, userId: { notIn: userIds } } });
      await tx.invitation.createMany({ data: added.map((userId) => ({ eventId, userId })), skipDuplicates: true });
      if (added.length > 0) await onAdded(tx, added);

      const after = await tx.invitation.findMany({
        where: { eventId },
        orderBy: { userId: 'asc' },
        select: { userId: true },
      });
      return { kind: 'replaced', invitations: after.map((row) => ({ userId: row.userId })), added } as const;
    });
  } catch (error) {
    // A user deleted between the check and the insert: the foreign key refuses, and the transaction rolled back.
    if (isPrismaError(error, 'P2003')) return { kind: 'unknown-users', userIds: [] };
    throw error;
  }
}
