// The attendances table: one row per user and event (a unique index in the database guarantees it).
import type { RsvpStatus } from '../../../../shared/constants';
import type { Attendee } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { isPrismaError } from './events-repository';

export async function findStatus(prisma: Prisma, eventId: number, userId: number): Promise<RsvpStatus | null> {
  const row = await prisma.attendance.findUnique({
    where: { eventId_userId: { eventId, userId } },
    select: { status: true },
  });
  return row?.status ?? null;
}

/**
 * Sets the user's RSVP. Two requests of the same user can both find no row and both insert; the loser
 * gets a unique violation (P2002), and by then the row exists, so one retry as an update settles it.
 * Returns false when the event no longer exists (deleted meanwhile: a foreign-key failure).
 */
export async function upsertStatus(
  prisma: Prisma,
  eventId: number,
  userId: number,
  status: RsvpStatus,
): Promise<boolean> {
  const where = { eventId_userId: { eventId, userId } };
  try {
    await prisma.attendance.upsert({ where, create: { eventId, userId, status }, update: { status } });
    return true;
  } catch (error) {
    if (isPrismaError(error, 'P2003')) return false;
    if (!isPrismaError(error, 'P2002')) throw error;
  }
  const { count } = await prisma.attendance.updateMany({ where: { eventId, userId }, data: { status } });
  return count > 0;
}

export function countAttending(prisma: Prisma, eventId: number): Promise<number> {
  return prisma.attendance.count({ where: { eventId, status: 'attending' } });
}

/** Who replied: attending first, then by name. Only id, name and status: members never see others' emails. */
export async function listAttendees(prisma: Prisma, eventId: number): Promise<Attendee[]> {
  const rows = await prisma.attendance.findMany({
    where: { eventId },
    orderBy: [{ status: 'asc' }, { user: { name: 'asc' } }, { userId: 'asc' }],
    select: { status: true, user: { select: { id: true, name: true } } },
  });
  return rows.map((row) => ({ id: row.user.id, name: row.user.name, status: row.status }));
}
