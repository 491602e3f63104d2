// Calendar reads and the feeds table. Visibility is the events' one rule (event-visibility-repository), so a download or a
// feed never shows what GET /api/events/{id} would not.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { MEMBER_TEXT_KEYS, memberTextsOf, type MemberTexts } from '../../../../shared/event-texts';
import { columnOf } from '../events/event-columns';
import type { CalendarEntry, EntryStatus } from './ics';
import type { Viewer } from '../users/viewer';
import { visibleSql } from '../events/event-visibility-repository';

/**
 * The columns of `events` a calendar entry shows, and its UID, SEQUENCE and DTSTAMP. The calendar rows of
 * event_view_columns (its migration) watch the shown ones, so an edit of any of them raises SEQUENCE and calendar
 * apps take it (tests/api/event-columns.test.ts).
 */
const OWN_COLUMNS = ['id', 'name', 'description', 'date', 'time_zone', 'location', 'sequence', 'updated_at'] as const;
export const ENTRY_COLUMNS = [...OWN_COLUMNS, ...MEMBER_TEXT_KEYS.map(columnOf)];

interface EntrySqlRow extends MemberTexts {
  id: number;
  name: string;
  description: string;
  date: Date | string;
  time_zone: string | null;
  location: string;
  sequence: number;
  updated_at: Date | string;
  /** The viewer's RSVP, if any. */
  status: string | null;
}

// The members' texts under their fields' names (`e.what_to_bring AS "whatToBring"`).
const ENTRY_SELECT = PrismaTypes.raw(
  [
    ...OWN_COLUMNS.map((column) => `e.${column}`),
    ...MEMBER_TEXT_KEYS.map((key) => `e.${columnOf(key)} AS "${key}"`),
  ].join(', '),
);

/**
 * The one read of calendar entries: the events `where` picks (over `e` and the viewer's attendance `me`) that
 * the viewer may see, soonest first. One hand-written statement: every poll of every calendar app asks.
 */
async function readEntries(
  prisma: Prisma,
  viewer: Pick<Viewer, 'id' | 'isAdmin'>,
  where: PrismaTypes.Sql,
  defaultZone: string,
  statusOf: (rsvp: string | null) => EntryStatus,
): Promise<CalendarEntry[]> {
  const rows = await prisma.$queryRaw<EntrySqlRow[]>`
    SELECT ${ENTRY_SELECT}, me.status::text AS status
    FROM events e
    LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = ${viewer.id}
    WHERE ${where}
      AND ${visibleSql(viewer)}
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
    status: statusOf(row.status),
    texts: memberTextsOf(row),
  }));
}

/** One event as a calendar entry (confirmed: the member downloads it), or null when the viewer may not see it. */
export async function findVisibleEntry(
  prisma: Prisma,
  viewer: Viewer,
  id: number,
  defaultZone: string,
): Promise<CalendarEntry | null> {
  const [entry] = await readEntries(prisma, viewer, PrismaTypes.sql`e.id = ${id}`, defaultZone, () => 'confirmed');
  return entry ?? null;
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

/**
 * Every poll of every calendar app starts here: one hand-written statement (an ORM query is compiled anew each
 * time). A feed of an account that is not active answers like an unknown one.
 */
export async function findFeedByTokenHash(
  prisma: Prisma,
  tokenHash: string,
): Promise<(FeedRow & { language: string | null }) | null> {
  const [row] = await prisma.$queryRaw<Array<FeedRow & { language: string | null }>>`
    SELECT f.user_id AS "userId", f.all_events AS "allEvents", f.token_sealed AS "tokenSealed", u.is_admin AS "isAdmin",
           u.language
    FROM calendar_feeds f JOIN users u ON u.id = f.user_id
    WHERE f.token_hash = ${tokenHash} AND u.status = 'active'`;
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

/**
 * The feed's live events from `since` on: those the member attends (confirmed), answered maybe or waits for
 * (tentative), and with `allEvents` every other event they may see (tentative until they reply).
 */
export function feedEntries(prisma: Prisma, feed: FeedRow, since: Date, defaultZone: string): Promise<CalendarEntry[]> {
  return readEntries(
    prisma,
    { id: feed.userId, isAdmin: feed.isAdmin },
    PrismaTypes.sql`e.date >= ${since}
      AND (me.status IN ('attending', 'maybe', 'waitlisted')
           OR (${feed.allEvents} AND (me.status IS NULL OR me.status <> 'not_attending')))`,
    defaultZone,
    (rsvp) => (rsvp === 'attending' ? 'confirmed' : 'tentative'),
  );
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
    texts: {},
  }));
}

/** Cancellations older than the feeds keep them. */
export async function deleteCancellationsBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.calendarCancellation.deleteMany({ where: { cancelledAt: { lt: before } } });
}
