// A section's attendance over a range of days: its meetings (events), the register marks taken at them, and its
// members with the day each joined. Read for the leaders' report and the funders' CSV.
import type { RegisterStatus } from '../../../../shared/types/registers';
import type { SectionRole } from '../../../../shared/types/sections';
import type { Prisma } from '../../db/database';

export interface MeetingRow {
  id: number;
  name: string;
  date: Date;
  timeZone: string | null;
}

export interface MarkRow {
  eventId: number;
  userId: number;
  status: RegisterStatus;
}

export interface PersonRow {
  id: number;
  name: string;
  birthDate: Date | null;
  /** Their role in the section now; null: not in it any more (but marked at one of its meetings). */
  role: SectionRole | null;
  /** When they joined the section; null when they are not in it. */
  joinedAt: Date | null;
}

/** The section's events from `start` (included) to `end` (excluded), by date. */
export const meetingsOf = (prisma: Prisma, sectionId: number, start: Date, end: Date): Promise<MeetingRow[]> =>
  prisma.event.findMany({
    where: { sectionId, date: { gte: start, lt: end } },
    select: { id: true, name: true, date: true, timeZone: true },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
  });

export async function marksAt(prisma: Prisma, eventIds: number[]): Promise<MarkRow[]> {
  if (!eventIds.length) return [];
  const rows = await prisma.registerEntry.findMany({
    where: { eventId: { in: eventIds } },
    select: { eventId: true, userId: true, status: true },
  });
  return rows as MarkRow[];
}

/** The section's members and leaders now, and anyone else marked at one of `eventIds`. */
export async function peopleOf(prisma: Prisma, sectionId: number, markedIds: number[]): Promise<PersonRow[]> {
  const users = await prisma.user.findMany({
    where: { OR: [{ sectionMemberships: { some: { sectionId } } }, { id: { in: markedIds } }] },
    select: {
      id: true,
      name: true,
      birthDate: true,
      sectionMemberships: { where: { sectionId }, select: { role: true, createdAt: true } },
    },
  });
  return users.map(({ sectionMemberships: [membership], ...user }) => ({
    ...user,
    role: (membership?.role as SectionRole | undefined) ?? null,
    joinedAt: membership?.createdAt ?? null,
  }));
}
