// The events table: visibility, the list and detail shapes, and writes. Only repositories import Prisma.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { EventSummary } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { isDbFailure } from '../../db/errors';

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** Events a viewer may see: public ones, and private ones they created or were invited to (admins: all). */
export function visibleTo(viewer: Viewer): PrismaTypes.EventWhereInput {
  if (viewer.isAdmin) return {};
  return {
    OR: [{ isPublic: true }, { creatorId: viewer.id }, { invitations: { some: { userId: viewer.id } } }],
  };
}

const summarySelect = (viewerId: number) =>
  ({
    id: true,
    name: true,
    description: true,
    date: true,
    location: true,
    imageUrl: true,
    isPublic: true,
    creatorId: true,
    _count: { select: { attendances: { where: { status: 'attending' } } } },
    attendances: { where: { userId: viewerId }, select: { status: true } },
  }) satisfies PrismaTypes.EventSelect;

type SummaryRow = PrismaTypes.EventGetPayload<{ select: ReturnType<typeof summarySelect> }>;

function toSummary(row: SummaryRow): EventSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    date: row.date.toISOString(),
    location: row.location,
    imageUrl: row.imageUrl,
    isPublic: row.isPublic,
    creatorId: row.creatorId,
    attendingCount: row._count.attendances,
    myStatus: row.attendances[0]?.status ?? 'not_responded',
  };
}

/** Every visible event, by date ascending, with counts and the viewer's RSVP in a bounded number of queries. */
export async function listEvents(prisma: Prisma, viewer: Viewer): Promise<EventSummary[]> {
  const rows = await prisma.event.findMany({
    where: visibleTo(viewer),
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
    select: summarySelect(viewer.id),
  });
  return rows.map(toSummary);
}

/** Visible events from `from` on, soonest first (the bot's /events). */
export async function listUpcomingEvents(
  prisma: Prisma,
  viewer: Viewer,
  from: Date,
  limit: number,
): Promise<EventSummary[]> {
  const rows = await prisma.event.findMany({
    where: { AND: [{ date: { gte: from } }, visibleTo(viewer)] },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
    take: limit,
    select: summarySelect(viewer.id),
  });
  return rows.map(toSummary);
}

export async function findVisibleEvent(prisma: Prisma, viewer: Viewer, id: number): Promise<EventSummary | null> {
  const row = await prisma.event.findFirst({
    where: { AND: [{ id }, visibleTo(viewer)] },
    select: summarySelect(viewer.id),
  });
  return row ? toSummary(row) : null;
}

/** The fields an edit may change, as stored: what permission checks and change detection need. */
export interface EventRecord {
  id: number;
  name: string;
  description: string;
  date: Date;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  creatorId: number;
}

const recordSelect = {
  id: true,
  name: true,
  description: true,
  date: true,
  location: true,
  imageUrl: true,
  isPublic: true,
  creatorId: true,
} satisfies PrismaTypes.EventSelect;

export function findVisibleRecord(prisma: Prisma, viewer: Viewer, id: number): Promise<EventRecord | null> {
  return prisma.event.findFirst({ where: { AND: [{ id }, visibleTo(viewer)] }, select: recordSelect });
}

export type EventWrite = Omit<EventRecord, 'id' | 'creatorId'>;

export async function createEvent(prisma: Prisma, creatorId: number, data: EventWrite): Promise<number> {
  const row = await prisma.event.create({ data: { ...data, creatorId }, select: { id: true } });
  return row.id;
}

/** Applies an edit; false when the event vanished in the meantime (a concurrent delete). */
export async function updateEvent(prisma: Prisma, id: number, data: EventWrite): Promise<boolean> {
  const { count } = await prisma.event.updateMany({ where: { id }, data });
  return count > 0;
}

/** Deletes the event; attendances, comments and invitations go with it (ON DELETE CASCADE in the schema). */
export async function deleteEvent(prisma: Prisma, id: number): Promise<boolean> {
  const { count } = await prisma.event.deleteMany({ where: { id } });
  return count > 0;
}

const FAILURE_OF_CODE = { P2002: 'unique', P2003: 'foreign-key', P2025: 'not-found' } as const;

/** Prisma's "unique constraint failed" and "foreign key failed" codes, on PostgreSQL and PGlite alike. */
export function isPrismaError(error: unknown, code: keyof typeof FAILURE_OF_CODE): boolean {
  return isDbFailure(error, FAILURE_OF_CODE[code]);
}
