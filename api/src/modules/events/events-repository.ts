// The only code of the events module that talks to Prisma.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { EventSummary } from '../../../../shared/types';
import type { Prisma } from '../../db/database';

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

export async function findVisibleEvent(prisma: Prisma, viewer: Viewer, id: number): Promise<EventSummary | null> {
  const row = await prisma.event.findFirst({
    where: { AND: [{ id }, visibleTo(viewer)] },
    select: summarySelect(viewer.id),
  });
  return row ? toSummary(row) : null;
}
