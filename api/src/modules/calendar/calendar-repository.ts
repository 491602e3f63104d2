// Calendar reads and the feeds table. Visibility is the events' own rule (events-repository), so a download or a
// feed never shows what GET /api/events/{id} would not.
import type { Prisma } from '../../db/database';
import { visibleTo } from '../events/events-repository';
import type { CalendarEntry, EntryStatus } from './ics';
import type { Viewer } from '../users/viewer';

const eventSelect = {
  id: true,
  name: true,
  description: true,
  date: true,
  timeZone: true,
  location: true,
  sequence: true,
  updatedAt: true,
} as const;

/** One event as a calendar entry, or null when the viewer may not see it. */
export async function findVisibleEntry(
  prisma: Prisma,
  viewer: Viewer,
  id: number,
  defaultZone: string,
): Promise<CalendarEntry | null> {
  const event = await prisma.event.findFirst({ where: { AND: [{ id }, visibleTo(viewer)] }, select: eventSelect });
  if (!event) return null;
  const { updatedAt, timeZone, ...rest } = event;
  return { ...rest, timeZone: timeZone ?? defaultZone, changedAt: updatedAt, status: 'confirmed' };
}

export interface FeedRow {
  userId: number;
  isAdmin: boolean;
  allEvents: boolean;
  tokenSealed: string;
}

const feedSelect = { userId: true, allEvents: true, tokenSealed: true, user: { select: { isAdmin: true } } } as const;
const toFeedRow = (row: { userId: number; allEvents: boolean; tokenSealed: string; user: { isAdmin: boolean } }) => ({
  userId: row.userId,
  allEvents: row.allEvents,
  tokenSealed: row.tokenSealed,
  isAdmin: row.user.isAdmin,
});

/** Every poll of every calendar app starts here: one hand-written statement (an ORM query is compiled anew each time). */
export async function findFeedByTokenHash(prisma: Prisma, tokenHash: string): Promise<FeedRow | null> {
  const [row] = await prisma.$queryRaw<Array<FeedRow>>`
    SELECT f.user_id AS "userId", f.all_events AS "allEvents", f.token_sealed AS "tokenSealed", u.is_admin AS "isAdmin"
    FROM calendar_feeds f JOIN users u ON u.id = f.user_id
    WHERE f.token_hash = ${tokenHash}`;
  return row ?? null;
}

export async function findFeedOfUser(prisma: Prisma, userId: number): Promise<FeedRow | null> {
  const row = await prisma.calendarFeed.findUnique({ where: { userId }, select: feedSelect });
  return row ? toFeedRow(row) : null;
}

/** A new token for the member's feed (the first, or one that replaces the old: that URL stops working). */
export async function saveFeedToken(
  prisma: Prisma,
  userId: number,
  token: { hash: string; sealed: string },
  onlyIfAbsent: boolean,
): Promise<void> {
  await prisma.calendarFeed.upsert({
    where: { userId },
    create: { userId, tokenHash: token.hash, tokenSealed: token.sealed },
    update: onlyIfAbsent ? {} : { tokenHash: token.hash, tokenSealed: token.sealed },
  });
}

export async function setAllEvents(prisma: Prisma, userId: number, allEvents: boolean): Promise<void> {
  await prisma.calendarFeed.update({ where: { userId }, data: { allEvents } });
}

interface EntrySqlRow {
  id: number;
  name: string;
  description: string;
  date: Date | string;
  time_zone: string | null;
  location: string;
  sequence: number;
  updated_at: Date | string;
  status: string | null;
}

/**
 * The feed's live events from `since` on: those the member attends (confirmed), answered maybe or waits for
 * (tentative), and with `allEvents` every other event they may see (tentative until they reply).
 */
export async function feedEntries(
  prisma: Prisma,
  feed: FeedRow,
  since: Date,
  defaultZone: string,
): Promise<CalendarEntry[]> {
  const rows = await prisma.$queryRaw<EntrySqlRow[]>`
    SELECT e.id, e.name, e.description, e.date, e.time_zone, e.location, e.sequence, e.updated_at,
      me.status::text AS status
    FROM events e
    LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = ${feed.userId}
    WHERE e.date >= ${since}
      AND (${feed.isAdmin} OR e.is_public OR e.creator_id = ${feed.userId}
           OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${feed.userId}))
      AND (me.status IN ('attending', 'maybe', 'waitlisted')
           OR (${feed.allEvents} AND (me.status IS NULL OR me.status <> 'not_attending')))
    ORDER BY e.date ASC, e.id ASC`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    date: new Date(row.date),
    timeZone: row.time_zone ?? defaultZone,
    location: row.location,
    sequence: row.sequence,
    changedAt: new Date(row.updated_at),
    status: (row.status === 'attending' ? 'confirmed' : 'tentative') satisfies EntryStatus,
  }));
}

/** What left the member's feed since `since` (deleted, left, no longer visible): STATUS:CANCELLED entries. */
export async function cancelledEntries(
  prisma: Prisma,
  userId: number,
  since: Date,
  defaultZone: string,
): Promise<CalendarEntry[]> {
  const rows = await prisma.calendarCancellation.findMany({
    where: { userId, cancelledAt: { gte: since } },
    orderBy: { eventId: 'asc' },
  });
  return rows.map((row) => ({
    id: row.eventId,
    name: row.name,
    description: null,
    date: row.date,
    timeZone: row.timeZone ?? defaultZone,
    location: null,
    sequence: row.sequence,
    changedAt: row.cancelledAt,
    status: 'cancelled',
  }));
}

/** Cancellations older than the feeds keep them. */
export async function deleteCancellationsBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.calendarCancellation.deleteMany({ where: { cancelledAt: { lt: before } } });
}
