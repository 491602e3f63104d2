// The events list and details as one hand-written statement each, over the one visibility rule
// (event-visibility-repository.ts) and the row shape of event-rows-repository.ts.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { EventSummary } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { leanQuery } from '../../db/lean-sql';
import type { Viewer } from '../users/viewer';
import {
  EVENT_COLUMNS,
  LISTED_ENTRY,
  PART_KEY,
  SUMMARY_COLUMNS,
  parseListed,
  toSummary,
  viewerJoinsSql,
  type EventSqlRow,
  type ListedEvent,
  type PartKey,
  type SummarySqlRow,
} from './event-rows-repository';
import { visibleSql } from './event-visibility-repository';

/** The list's order over `table`'s date and id: soonest first, or newest first (past events). */
const listOrder = (newestFirst: boolean, table = PrismaTypes.raw('e')) =>
  newestFirst
    ? PrismaTypes.sql`${table}.date DESC, ${table}.id DESC`
    : PrismaTypes.sql`${table}.date ASC, ${table}.id ASC`;

/**
 * The list and detail reads are the hottest paths, so they are one hand-written statement each: visibility,
 * the counts kept on the row and the viewer's own RSVP together, sent past Prisma as a prepared statement
 * (db/lean-sql.ts: Prisma 6 compiles every query anew, even raw ones, which cost more than the query itself;
 * `npm run bench`). The visibility rule is event-visibility-repository.ts's.
 *
 * A page (any read with a LIMIT) reads about 50 rows of possibly 10,000, so there the viewer's RSVP and
 * invitation are looked up per row by their (event, user) keys: the LATERAL ... LIMIT 1 and the OFFSET 0 keep
 * PostgreSQL from turning them into a join over all the viewer's RSVPs or a hash of all their invitations. That
 * is what the prepared statement's generic plan would do; that plan costs far more than the lookups on a large
 * table, so PostgreSQL would then plan the statement anew on every call, and a first page with 10,000 events
 * would cost more than one with 200. The whole list reads every row, where the joins are cheaper than lookups per row.
 *
 * The LIMIT is written into the statement, not sent as a parameter (a few texts: limits are 1 to 101). With a
 * parameter, the generic plan cannot know how few rows are wanted and is costed as if a tenth of the table
 * were read, so on a large table PostgreSQL would plan every call anew; with the number in the text it keeps
 * one plan per connection (planning anew costs about as much as running a page's statement).
 */
function visibleRows(viewer: Viewer, where: PrismaTypes.Sql, limit?: number, newestFirst = false) {
  // With a limit, the read is a page (see above); without one, the order is the caller's.
  const perRow = limit !== undefined;
  return PrismaTypes.sql`
    FROM events e
    ${
      perRow
        ? PrismaTypes.sql`LEFT JOIN LATERAL (
      SELECT a.status, a.guests, a.waitlisted_at, a.id FROM attendances a
      WHERE a.event_id = e.id AND a.user_id = ${viewer.id} LIMIT 1
    ) me ON TRUE
    LEFT JOIN event_series sr ON sr.id = e.series_id`
        : viewerJoinsSql(PrismaTypes.sql`${viewer.id}`)
    }
    WHERE ${where} AND ${visibleSql(viewer, perRow)}
    ${perRow ? PrismaTypes.sql`ORDER BY ${listOrder(newestFirst)} ${limitClause(limit)}` : PrismaTypes.empty}`;
}

function summaries(prisma: Prisma, viewer: Viewer, where: PrismaTypes.Sql, limit?: number) {
  return leanQuery<SummarySqlRow>(
    prisma,
    PrismaTypes.sql`SELECT ${SUMMARY_COLUMNS} ${visibleRows(viewer, where, limit)}`,
  );
}

/**
 * The listed events (ListedEvent) in their order, and the date of the one at `dateAt` (1-based), in one row:
 * the entries joined in the list's order, over the rows `visibleRows` reads.
 */
async function listed(
  prisma: Prisma,
  viewer: Viewer,
  where: PrismaTypes.Sql,
  page?: { limit: number; newestFirst: boolean; dateAt: number },
): Promise<{ events: ListedEvent[]; date: Date | string | null }> {
  const newestFirst = page?.newestFirst ?? false;
  const order = listOrder(newestFirst, PrismaTypes.raw('t'));
  const date = page ? PrismaTypes.sql`(array_agg(t.date ORDER BY ${order}))[${page.dateAt}]` : PrismaTypes.sql`NULL`;
  const [row] = await leanQuery<{ entries: string | null; date: Date | string | null }>(
    prisma,
    PrismaTypes.sql`
    SELECT string_agg(t.entry, ';' ORDER BY ${order}) AS entries, ${date} AS date
    FROM (SELECT e.id, e.date, ${LISTED_ENTRY} AS entry ${visibleRows(viewer, where, page?.limit, newestFirst)}) t`,
  );
  return { events: parseListed(row?.entries ?? null), date: row?.date ?? null };
}

/** `where`, and only the events of the section when one is asked for (GET /api/events?sectionId=). */
const inSection = (sectionId: number | undefined, where: PrismaTypes.Sql) =>
  sectionId === undefined ? where : PrismaTypes.sql`${where} AND e.section_id = ${sectionId}`;

/** `LIMIT n` as text (see visibleRows): only for a whole number the callers computed, never for raw input. */
function limitClause(limit: number): PrismaTypes.Sql {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`bad page limit: ${limit}`);
  return PrismaTypes.raw(`LIMIT ${limit}`);
}

/** Every visible event, by date ascending, with the viewer's RSVP: one query, whatever their number. */
export async function listVisible(prisma: Prisma, viewer: Viewer, sectionId?: number): Promise<ListedEvent[]> {
  return (await listed(prisma, viewer, inSection(sectionId, PrismaTypes.sql`TRUE`))).events;
}

/**
 * The event parts of `ids` that the viewer may see (those deleted or hidden since they were listed are left
 * out), with the key of their row versions.
 */
export function readEventParts(
  prisma: Prisma,
  viewer: Viewer,
  ids: readonly number[],
): Promise<Array<EventSqlRow & PartKey>> {
  return leanQuery<EventSqlRow & PartKey>(
    prisma,
    PrismaTypes.sql`
    SELECT ${EVENT_COLUMNS}, ${PART_KEY} AS part_key
    FROM events e LEFT JOIN event_series sr ON sr.id = e.series_id
    WHERE e.id = ANY(${[...ids]}) AND ${visibleSql(viewer)}`,
  );
}

/** Visible events from `from` on, soonest first (the bot's /events). */
export async function listUpcomingEvents(
  prisma: Prisma,
  viewer: Viewer,
  from: Date,
  limit: number,
): Promise<EventSummary[]> {
  const rows = await summaries(prisma, viewer, PrismaTypes.sql`e.date >= ${from}`, limit);
  return rows.map(toSummary);
}

/** Visible events from `from` on where the viewer is attending, maybe or waitlisted, soonest first (the bot's /my). */
export async function listMyUpcomingRsvps(
  prisma: Prisma,
  viewer: Viewer,
  from: Date,
  limit: number,
): Promise<EventSummary[]> {
  const where = PrismaTypes.sql`e.date >= ${from} AND me.status IN ('attending', 'maybe', 'waitlisted')`;
  return (await summaries(prisma, viewer, where, limit)).map(toSummary);
}

/** Where a page of the list starts: after this event, in the page's order (keyset on the (date, id) index). */
export interface Keyset {
  date: Date;
  id: number;
}

/**
 * One page of the visible events: upcoming (date >= now) soonest first, or past newest first, after `after`;
 * with `mine`, only those the viewer is going to. Reads one more than `limit`, so the caller knows whether
 * another page follows, and the date of the page's last event (the next page's cursor).
 */
export function listVisiblePage(
  prisma: Prisma,
  viewer: Viewer,
  page: {
    when: 'upcoming' | 'past';
    now: Date;
    limit: number;
    after: Keyset | null;
    mine?: boolean;
    sectionId?: number;
  },
): Promise<{ events: ListedEvent[]; date: Date | string | null }> {
  const { when, now, limit, after } = page;
  const upcoming = when === 'upcoming';
  const side = upcoming ? PrismaTypes.sql`e.date >= ${now}` : PrismaTypes.sql`e.date < ${now}`;
  const keyset =
    after === null
      ? PrismaTypes.empty
      : upcoming
        ? PrismaTypes.sql`AND (e.date, e.id) > (${after.date}, ${after.id})`
        : PrismaTypes.sql`AND (e.date, e.id) < (${after.date}, ${after.id})`;
  const mine = page.mine
    ? PrismaTypes.sql`AND me.status IN ('attending', 'maybe', 'waitlisted', 'awaiting_guardian')`
    : PrismaTypes.empty;
  return listed(prisma, viewer, inSection(page.sectionId, PrismaTypes.sql`${side} ${keyset} ${mine}`), {
    limit: limit + 1,
    newestFirst: !upcoming,
    dateAt: limit,
  });
}

export async function findVisibleEvent(prisma: Prisma, viewer: Viewer, id: number): Promise<EventSummary | null> {
  const [row] = await summaries(prisma, viewer, PrismaTypes.sql`e.id = ${id}`);
  return row ? toSummary(row) : null;
}
