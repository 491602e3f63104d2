// The attendances table: one row per user and event (a unique index in the database guarantees it). Writes
// go through rsvp-repository.ts, under the event's row lock.
import type { StoredRsvpStatus } from '../../../../shared/constants';
import { byShownName } from '../../../../shared/minor-names';
import type { Attendee } from '../../../../shared/types';
import type { Prisma } from '../../db/database';

/** The order of the attendee list: who comes, who waits, who might, who will not. */
export const STATUS_ORDER: Record<StoredRsvpStatus, number> = {
  attending: 0,
  awaiting_guardian: 1,
  awaiting_payment: 1,
  waitlisted: 2,
  maybe: 3,
  not_attending: 4,
};

export interface OwnReply {
  status: StoredRsvpStatus;
  guests: number;
  checkedInAt: Date | null;
}

export function findOwnReply(prisma: Prisma, eventId: number, userId: number): Promise<OwnReply | null> {
  return prisma.attendance.findUnique({
    where: { eventId_userId: { eventId, userId } },
    select: { status: true, guests: true, checkedInAt: true },
  });
}

/** An attendee as stored, with what only organisers see and the member's wish to stay unnamed. */
export type AttendeeRow = Omit<Attendee, 'id' | 'hidden' | 'checkedIn' | 'respondedAt'> & {
  id: number;
  hidden: boolean;
  checkedInAt: Date | null;
  respondedAt: Date;
};

/**
 * Who replied: attending first, then the waitlist in its order, maybe, not attending; by full name within each
 * (what organisers see; other members' lists are sorted again by the names shown to them).
 * Only id, name, picture and the reply: never anyone's email or phone.
 */
export async function listAttendees(prisma: Prisma, eventId: number): Promise<AttendeeRow[]> {
  const rows = await prisma.attendance.findMany({
    where: { eventId },
    orderBy: [{ waitlistedAt: 'asc' }, { user: { name: 'asc' } }, { id: 'asc' }],
    select: {
      status: true,
      guests: true,
      checkedInAt: true,
      respondedAt: true,
      user: { select: { id: true, name: true, avatarUrl: true, hideFromAttendees: true } },
    },
  });
  let position = 0;
  // The waitlist keeps the query's order (who waited first); the rest go by full name, in the same order as
  // every list of names (byShownName), whatever the database's collation.
  return rows
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        (a.status === 'waitlisted' ? 0 : byShownName(a.user, b.user)),
    )
    .map((row) => ({
      id: row.user.id,
      name: row.user.name,
      avatarUrl: row.user.avatarUrl,
      status: row.status,
      guests: row.guests,
      ...(row.status === 'waitlisted' ? { waitlistPosition: ++position } : {}),
      hidden: row.user.hideFromAttendees,
      checkedInAt: row.checkedInAt,
      respondedAt: row.respondedAt,
    }));
}

export interface CheckInRow {
  userId: number;
  name: string;
  status: StoredRsvpStatus;
  guests: number;
  checkedInAt: Date | null;
}

const checkInSelect = {
  userId: true,
  status: true,
  guests: true,
  checkedInAt: true,
  user: { select: { name: true } },
} as const;

async function findCheckIn(prisma: Prisma, eventId: number, userId: number): Promise<CheckInRow | null> {
  const row = await prisma.attendance.findUnique({
    where: { eventId_userId: { eventId, userId } },
    select: checkInSelect,
  });
  return (
    row && {
      userId: row.userId,
      name: row.user.name,
      status: row.status,
      guests: row.guests,
      checkedInAt: row.checkedInAt,
    }
  );
}

/**
 * Checks an attending member in (once: a second scan keeps the first time). Answers the row as it was before
 * (null: the member never replied), so the caller can tell "not attending" and "already in" apart.
 */
export async function checkIn(prisma: Prisma, eventId: number, userId: number, at: Date) {
  const before = await findCheckIn(prisma, eventId, userId);
  if (before?.status !== 'attending' || before.checkedInAt) return { before, after: before };
  await prisma.attendance.updateMany({
    where: { eventId, userId, status: 'attending', checkedInAt: null },
    data: { checkedInAt: at },
  });
  return { before, after: await findCheckIn(prisma, eventId, userId) };
}

export async function undoCheckIn(prisma: Prisma, eventId: number, userId: number): Promise<CheckInRow | null> {
  await prisma.attendance.updateMany({ where: { eventId, userId }, data: { checkedInAt: null } });
  return findCheckIn(prisma, eventId, userId);
}

/** The members whose reply is `status` (an organiser's message audience), but not `exceptUserId`. */
export async function userIdsWithStatus(
  prisma: Prisma,
  eventId: number,
  status: StoredRsvpStatus,
  exceptUserId: number,
): Promise<number[]> {
  const rows = await prisma.attendance.findMany({
    where: { eventId, status, userId: { not: exceptUserId } },
    select: { userId: true },
    orderBy: { userId: 'asc' },
  });
  return rows.map((row) => row.userId);
}
