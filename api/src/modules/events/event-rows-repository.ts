// What the list and the details read of an event: the row's shape, the columns and keys the statements write,
// and how a row becomes an EventSummary. Only repositories import it.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { MonthlyBy, RecurrenceFrequency, StoredRsvpStatus } from '../../../../shared/constants';
import { EVENT_TEXT_KEYS, textsOf, type EventTexts } from '../../../../shared/event-texts';
import type { EventSummary } from '../../../../shared/types';
import type { PaymentMode } from '../../../../shared/types/payments';
import { columnOf } from './event-columns';
import { spotsLeft } from './rsvp-rules';

/** A row of the list and detail statement (the bench's baseline server maps its rows with toSummary too). */
export interface SummarySqlRow extends EventTexts {
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
  section_id: number | null;
  series_id: number | null;
  series_frequency: RecurrenceFrequency | null;
  series_monthly_by: MonthlyBy | null;
  time_zone: string;
  sequence: number;
  fee_amount: number | null;
  fee_currency: string | null;
  payment_mode: PaymentMode;
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
    ...textsOf(row),
    sectionId: row.section_id,
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
    fee:
      row.fee_amount === null || row.fee_currency === null
        ? null
        : { amount: Number(row.fee_amount), currency: row.fee_currency },
    paymentMode: row.payment_mode,
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
  // Each text under its field's name (`e.public_summary AS "publicSummary"`).
  ...Object.fromEntries(EVENT_TEXT_KEYS.map((key) => [columnOf(key), `e.${columnOf(key)} AS "${key}"`])),
  attending_people: 'e.attending_people AS attending_count',
  series_id: 'e.series_id, sr.frequency AS series_frequency, sr.monthly_by AS series_monthly_by',
  time_zone: "COALESCE(e.time_zone, 'UTC') AS time_zone",
  sequence: 'e.sequence',
  section_id: 'e.section_id',
  waitlist_count: 'e.waitlist_count',
  maybe_count: 'e.maybe_count',
  fee_amount: 'e.fee_amount',
  fee_currency: 'e.fee_currency',
  payment_mode: 'e.payment_mode',
} as const;

/** Columns of `events` the list and details do not show: bookkeeping of reminders, digests and writes. */
export const NOT_LISTED = [
  'reminder_sent_at',
  'rsvp_digest_due_at',
  'created_at',
  'updated_at',
  'payment_reminded_at',
] as const;

/**
 * The columns of a SummarySqlRow without the viewer's: shared by the statements below, the details read that
 * checks the session too (event-read-repository.ts) and the bench's baseline server.
 */
export const EVENT_COLUMNS = PrismaTypes.raw(Object.values(LISTED_COLUMNS).join(', '));

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
export const PART_KEY = PrismaTypes.sql`e.id::text || '.' || e.xmin::text || '.' || COALESCE(sr.xmin::text, '')`;

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
export const LISTED_ENTRY = PrismaTypes.sql`${PART_KEY} || '|' || ${VIEWER_KEY}`;

/** The event's id, from its part's key. */
export const idOfPartKey = (key: string) => Number(key.slice(0, key.indexOf('.')));

/** The list statement's one text back into its entries. */
export function parseListed(entries: string | null): ListedEvent[] {
  if (!entries) return [];
  return entries.split(';').map((entry) => {
    const bar = entry.indexOf('|');
    return { part_key: entry.slice(0, bar), viewer_key: entry.slice(bar + 1) };
  });
}
/** The viewer's reply and the event's series beside `e`, as the list and detail reads join them. */
export const viewerJoinsSql = (viewerId: PrismaTypes.Sql) => PrismaTypes.sql`
    LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = ${viewerId}
    LEFT JOIN event_series sr ON sr.id = e.series_id`;
