// The events table: visibility, the list and detail shapes, and writes. Only repositories import Prisma.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { MonthlyBy, RecurrenceFrequency, StoredRsvpStatus } from '../../../../shared/constants';
import type { EventSummary } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { leanQuery } from '../../db/lean-sql';
import { isDbFailure } from '../../db/errors';
import { spotsLeft } from './rsvp-rules';
import type { Viewer } from '../users/viewer';

/** Events a viewer may see: public ones, and private ones they created or were invited to (admins: all). */
export function visibleTo(viewer: Viewer): PrismaTypes.EventWhereInput {
  if (viewer.isAdmin) return {};
  return {
    OR: [{ isPublic: true }, { creatorId: viewer.id }, { invitations: { some: { userId: viewer.id } } }],
  };
}

/** A row of the list and detail statement (the bench's baseline server maps its rows with toSummary too). */
export interface SummarySqlRow {
  id: number;
  name: string;
  description: string;
  date: Date | string;
  location: string;
  image_url: string;
  is_public: boolean;
  creator_id: number;
  capacity: number | null;
  guests_allowed: number;
  rsvp_closes_at: Date | string | null;
  rsvp_digest: boolean;
  requires_guardian_approval: boolean;
  public_summary: string | null;
  series_id: number | null;
  series_frequency: RecurrenceFrequency | null;
  series_monthly_by: MonthlyBy | null;
  time_zone: string;
  sequence: number;
  attending_count: number | bigint;
  waitlist_count: number | bigint;
  maybe_count: number | bigint;
  my_status: StoredRsvpStatus | null;
  my_guests: number | null;
  my_position: number | bigint | null;
}

/** An event's own columns: the row without the viewer's RSVP. */
export type EventSqlRow = Omit<SummarySqlRow, 'my_status' | 'my_guests' | 'my_position'>;
/** The viewer's RSVP columns. */
export type ViewerSqlRow = Pick<SummarySqlRow, 'my_status' | 'my_guests' | 'my_position'>;

type ViewerPart = Pick<EventSummary, 'myStatus' | 'myGuests' | 'myWaitlistPosition'>;

/** What the list and details show of an event, the same for every viewer. */
export function eventPart(row: EventSqlRow): Omit<EventSummary, keyof ViewerPart> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    date: new Date(row.date).toISOString(),
    location: row.location,
    imageUrl: row.image_url,
    isPublic: row.is_public,
    creatorId: row.creator_id,
    attendingCount: Number(row.attending_count),
    capacity: row.capacity,
    guestsAllowed: row.guests_allowed,
    rsvpClosesAt: row.rsvp_closes_at === null ? null : new Date(row.rsvp_closes_at).toISOString(),
    rsvpDigest: row.rsvp_digest,
    requiresGuardianApproval: row.requires_guardian_approval,
    publicSummary: row.public_summary,
    seriesId: row.series_id,
    repeats:
      row.series_id === null || row.series_frequency === null
        ? null
        : { frequency: row.series_frequency, monthlyBy: row.series_monthly_by },
    timeZone: row.time_zone,
    sequence: row.sequence,
    spotsLeft: spotsLeft({ capacity: row.capacity, attendingPeople: Number(row.attending_count) }),
    waitlistCount: Number(row.waitlist_count),
    maybeCount: Number(row.maybe_count),
  };
}

/** The viewer's own part of an event summary: last in its JSON (summary-json.ts relies on that). */
export function viewerPart(row: ViewerSqlRow): ViewerPart {
  return {
    myStatus: row.my_status ?? 'not_responded',
    myGuests: row.my_guests ?? 0,
    myWaitlistPosition: row.my_position === null ? null : Number(row.my_position),
  };
}

export function toSummary(row: SummarySqlRow): EventSummary {
  return { ...eventPart(row), ...viewerPart(row) };
}

/**
 * What the list and details read of an event, by column of `events`: the expression each is read with, from the
 * event `e` and its series `sr`. Each event's part (eventPart) is made of these; it is kept under the row's
 * version (summary-json.ts), which every write changes, so the list takes an edit of any column it reads. A
 * column it does not show is named in NOT_LISTED (tests/api/event-columns.test.ts holds the table to both).
 */
export const LISTED_COLUMNS = {
  id: 'e.id',
  name: 'e.name',
  description: 'e.description',
  date: 'e.date',
  location: 'e.location',
  image_url: 'e.image_url',
  is_public: 'e.is_public',
  creator_id: 'e.creator_id',
  capacity: 'e.capacity',
  guests_allowed: 'e.guests_allowed',
  rsvp_closes_at: 'e.rsvp_closes_at',
  rsvp_digest: 'e.rsvp_digest',
  requires_guardian_approval: 'e.requires_guardian_approval',
  public_summary: 'e.public_summary',
  attending_people: 'e.attending_people AS attending_count',
  series_id: 'e.series_id, sr.frequency AS series_frequency, sr.monthly_by AS series_monthly_by',
  time_zone: "COALESCE(e.time_zone, 'UTC') AS time_zone",
  sequence: 'e.sequence',
  waitlist_count: 'e.waitlist_count',
  maybe_count: 'e.maybe_count',
} as const;

/** Columns of `events` the list and details do not show: bookkeeping of reminders, digests and writes. */
export const NOT_LISTED = ['reminder_sent_at', 'rsvp_digest_due_at', 'created_at', 'updated_at'] as const;

/**
 * The columns of a SummarySqlRow without the viewer's: shared by the statements below, the details read that
 * checks the session too (event-read-repository.ts) and the bench's baseline server.
 */
const EVENT_COLUMNS = PrismaTypes.raw(Object.values(LISTED_COLUMNS).join(', '));

/** The viewer's place on the waitlist (1 is next), or null when they are not on it. */
const WAITLIST_POSITION = PrismaTypes.sql`
      CASE WHEN me.status = 'waitlisted' THEN
        (SELECT count(*)::int + 1 FROM attendances w WHERE w.event_id = e.id AND w.status = 'waitlisted'
            AND (w.waitlisted_at, w.id) < (me.waitlisted_at, me.id))
      END`;

const VIEWER_COLUMNS = PrismaTypes.sql`
      me.status::text AS my_status, me.guests AS my_guests, ${WAITLIST_POSITION} AS my_position`;

export const SUMMARY_COLUMNS = PrismaTypes.sql`${EVENT_COLUMNS}, ${VIEWER_COLUMNS}`;

/**
 * Which versions of the event's row and of its series' row a read saw, as one key: `id.xmin.seriesXmin` (the
 * last part empty without a series). PostgreSQL's xmin (the transaction that wrote the row version) changes
 * with every write to the row, the kept counts included, so an event's part (eventPart) is the same for the same
 * key (summary-json.ts keeps it under that key). The statement writes it, so the hot list reads one string.
 */
const PART_KEY = PrismaTypes.sql`e.id::text || '.' || e.xmin::text || '.' || COALESCE(sr.xmin::text, '')`;

export interface PartKey {
  part_key: string;
}

/**
 * The viewer's RSVP columns as one key, `status|guests|position` (each empty when null): alike for most events
 * (no answer yet), so the list writes each one's JSON once (summary-json.ts).
 */
const VIEWER_KEY = PrismaTypes.sql`
      COALESCE(me.status::text, '') || '|' || COALESCE(me.guests::text, '') || '|' ||
      COALESCE((${WAITLIST_POSITION})::text, '')`;

/** The viewer's RSVP columns from a VIEWER_KEY. */
export function viewerOfKey(key: string): ViewerSqlRow {
  const [status = '', guests = '', position = ''] = key.split('|');
  return {
    my_status: status === '' ? null : (status as StoredRsvpStatus),
    my_guests: guests === '' ? null : Number(guests),
    my_position: position === '' ? null : Number(position),
  };
}

/**
 * A listed event as the list reads it: its part's key and the viewer's key, not its fields. The statement sends
 * the whole list as one text of `partKey|viewerKey` entries separated by `;` (keys hold digits, letters, `_`, `.`
 * and `|` only), so the hottest read is one row for the driver to parse instead of one per event.
 */
export interface ListedEvent extends PartKey {
  viewer_key: string;
}
const LISTED_ENTRY = PrismaTypes.sql`${PART_KEY} || '|' || ${VIEWER_KEY}`;

/** The event's id, from its part's key. */
export const idOfPartKey = (key: string) => Number(key.slice(0, key.indexOf('.')));

function parseListed(entries: string | null): ListedEvent[] {
  if (!entries) return [];
  return entries.split(';').map((entry) => {
    const bar = entry.indexOf('|');
    return { part_key: entry.slice(0, bar), viewer_key: entry.slice(bar + 1) };
  });
}

/** Events a viewer may see, in SQL over `e` (visibleTo below is the same rule for ORM queries). */
function visibleSql(viewer: Viewer, perRow: boolean) {
  return visibleToSql(PrismaTypes.sql`${viewer.id}`, PrismaTypes.sql`${viewer.isAdmin}`, perRow);
}

/**
 * The visibility rule over `e` for a viewer given as SQL (parameters, or the columns of a row the statement
 * read, as the hot detail read does with the session's user): the one definition every SQL read uses.
 */
export function visibleToSql(viewerId: PrismaTypes.Sql, viewerIsAdmin: PrismaTypes.Sql, perRow = false) {
  return PrismaTypes.sql`(${viewerIsAdmin} OR e.is_public OR e.creator_id = ${viewerId}
           OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${viewerId}
                      ${perRow ? PrismaTypes.sql`OFFSET 0` : PrismaTypes.empty}))`;
}

/** The viewer's reply and the event's series beside `e`, as the list and detail reads join them. */
export const viewerJoinsSql = (viewerId: PrismaTypes.Sql) => PrismaTypes.sql`
    LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = ${viewerId}
    LEFT JOIN event_series sr ON sr.id = e.series_id`;

/** The list's order over `table`'s date and id: soonest first, or newest first (past events). */
const listOrder = (newestFirst: boolean, table = PrismaTypes.raw('e')) =>
  newestFirst
    ? PrismaTypes.sql`${table}.date DESC, ${table}.id DESC`
    : PrismaTypes.sql`${table}.date ASC, ${table}.id ASC`;

/**
 * The list and detail reads are the hottest paths, so they are one hand-written statement each: visibility,
 * the counts kept on the row and the viewer's own RSVP together, sent past Prisma as a prepared statement
 * (db/lean-sql.ts: Prisma 6 compiles every query anew, even raw ones, which cost more than the query itself;
 * `npm run bench`). `visibleTo` above is the same rule for ORM queries.
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

/** `LIMIT n` as text (see visibleRows): only for a whole number the callers computed, never for raw input. */
function limitClause(limit: number): PrismaTypes.Sql {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`bad page limit: ${limit}`);
  return PrismaTypes.raw(`LIMIT ${limit}`);
}

/** Every visible event, by date ascending, with the viewer's RSVP: one query, whatever their number. */
export async function listVisible(prisma: Prisma, viewer: Viewer): Promise<ListedEvent[]> {
  return (await listed(prisma, viewer, PrismaTypes.sql`TRUE`)).events;
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
    WHERE e.id = ANY(${[...ids]}) AND ${visibleSql(viewer, false)}`,
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
  page: { when: 'upcoming' | 'past'; now: Date; limit: number; after: Keyset | null; mine?: boolean },
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
  return listed(prisma, viewer, PrismaTypes.sql`${side} ${keyset} ${mine}`, {
    limit: limit + 1,
    newestFirst: !upcoming,
    dateAt: limit,
  });
}

export async function findVisibleEvent(prisma: Prisma, viewer: Viewer, id: number): Promise<EventSummary | null> {
  const [row] = await summaries(prisma, viewer, PrismaTypes.sql`e.id = ${id}`);
  return row ? toSummary(row) : null;
}

/**
 * What a link preview of a public event shows: its name, date and time (with its zone), cover, the organiser's
 * words for outsiders, who hosts it and how many are going; never its place or description, never anything of a
 * private event.
 */
export interface PublicPreview {
  id: number;
  name: string;
  date: Date;
  timeZone: string;
  imageUrl: string;
  publicSummary: string | null;
  attendingPeople: number;
  /** The creator's name as stored; the service shows its first word only. */
  creatorName: string;
}

/**
 * A public event's preview while it is upcoming (it starts at `now` or later, as the list's "upcoming"; events
 * have no end), or null for a past, private, deleted or unknown one: a walk over the ids finds only what is
 * about to happen.
 */
export async function findPublicPreview(
  prisma: Prisma,
  id: number,
  orgZone: string,
  now: Date,
): Promise<PublicPreview | null> {
  const event = await prisma.event.findFirst({
    where: { id, isPublic: true, date: { gte: now } },
    select: {
      id: true,
      name: true,
      date: true,
      timeZone: true,
      imageUrl: true,
      publicSummary: true,
      attendingPeople: true,
      creator: { select: { name: true } },
    },
  });
  if (!event) return null;
  const { creator, ...fields } = event;
  return { ...fields, timeZone: event.timeZone ?? orgZone, creatorName: creator.name };
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
  capacity: number | null;
  guestsAllowed: number;
  rsvpClosesAt: Date | null;
  rsvpDigest: boolean;
  requiresGuardianApproval: boolean;
  /** What visitors read of it; null: none. */
  publicSummary: string | null;
  /** Null only before startup gave older events the organisation's zone (calendar/time-zones-repository). */
  timeZone: string | null;
}

export const recordSelect = {
  id: true,
  name: true,
  description: true,
  date: true,
  location: true,
  imageUrl: true,
  isPublic: true,
  creatorId: true,
  capacity: true,
  guestsAllowed: true,
  rsvpClosesAt: true,
  rsvpDigest: true,
  requiresGuardianApproval: true,
  publicSummary: true,
  timeZone: true,
} satisfies PrismaTypes.EventSelect;

export function findVisibleRecord(prisma: Prisma, viewer: Viewer, id: number): Promise<EventRecord | null> {
  return prisma.event.findFirst({ where: { AND: [{ id }, visibleTo(viewer)] }, select: recordSelect });
}

export type EventWrite = Omit<EventRecord, 'id' | 'creatorId'>;

/** A field of the Event model (Prisma's name for a column of `events`). */
export type EventField = keyof typeof PrismaTypes.EventScalarFieldEnum;

/** A transaction, handed to what must commit together with a write (the notification job it causes). */
export type Tx = PrismaTypes.TransactionClient;

/** Inserts the event and, in the same transaction, runs `alongside` (which writes its notification job). */
export async function createEvent(
  prisma: Prisma,
  creatorId: number,
  data: EventWrite,
  alongside: (tx: Tx, id: number) => Promise<void>,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.event.create({ data: { ...data, creatorId }, select: { id: true } });
    await alongside(tx, row.id);
    return row.id;
  });
}

/**
 * Applies an edit and, in the same transaction, runs `alongside`; false when the event vanished in the
 * meantime (a concurrent delete).
 */
export async function updateEvent(
  prisma: Prisma,
  id: number,
  data: EventWrite,
  alongside: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.event.updateMany({ where: { id }, data });
    if (count > 0) await alongside(tx);
    return count > 0;
  });
}

/** Deletes the event; attendances, comments and invitations go with it (ON DELETE CASCADE in the schema). */
export async function deleteEvent(prisma: Prisma | Tx, id: number): Promise<boolean> {
  const { count } = await prisma.event.deleteMany({ where: { id } });
  return count > 0;
}

const FAILURE_OF_CODE = { P2002: 'unique', P2003: 'foreign-key', P2025: 'not-found' } as const;

/** Prisma's "unique constraint failed" and "foreign key failed" codes, on PostgreSQL and PGlite alike. */
export function isPrismaError(error: unknown, code: keyof typeof FAILURE_OF_CODE): boolean {
  return isDbFailure(error, FAILURE_OF_CODE[code]);
}
