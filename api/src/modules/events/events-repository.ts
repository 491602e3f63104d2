// The events table: the record an edit works on, writes, link previews and error mapping. The list and details
// are read in events-list-repository.ts, over the one visibility rule (event-visibility-repository.ts).
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { isDbFailure } from '../../db/errors';
import { eachText, type EventTextKey, type EventTexts } from '../../../../shared/event-texts';
import type { Viewer } from '../users/viewer';
import { columnOf } from './event-columns';
import { visibleSql } from './event-visibility-repository';

// Each of the event's texts (shared/event-texts.ts) is a column of the Event model: one without its column in
// prisma/schema.prisma fails here ("Type 'true' is not assignable to type '"<text>"'").
type TextWithoutColumn = Exclude<EventTextKey, keyof PrismaTypes.EventSelect>;
const _everyTextStored: [TextWithoutColumn] extends [never] ? true : TextWithoutColumn = true;

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
    where: { id, isPublic: true, sectionId: null, date: { gte: now } },
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
export interface EventRecord extends EventTexts {
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
  /** Null only before startup gave older events the organisation's zone (calendar/time-zones-repository). */
  timeZone: string | null;
  /** The event's section; null: the whole organisation. */
  sectionId: number | null;
  /** The fee in minor units of feeCurrency; both null: free. */
  feeAmount: number | null;
  feeCurrency: string | null;
  /** pay_to_confirm or pay_later (a CHECK keeps it so). */
  paymentMode: string;
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
  ...eachText(() => true as const),
  timeZone: true,
  sectionId: true,
  feeAmount: true,
  feeCurrency: true,
  paymentMode: true,
} satisfies PrismaTypes.EventSelect;

/** recordSelect as SQL over `e`: each column under its field's name (imageUrl: `e.image_url AS "imageUrl"`). */
const RECORD_COLUMNS = PrismaTypes.raw(
  Object.keys(recordSelect)
    .map((field) => `e.${columnOf(field)} AS "${field}"`)
    .join(', '),
);

/** The event's record when the viewer may see it (the one visibility rule), else null. */
export async function findVisibleRecord(prisma: Prisma, viewer: Viewer, id: number): Promise<EventRecord | null> {
  const [row] = await prisma.$queryRaw<EventRecord[]>`
    SELECT ${RECORD_COLUMNS} FROM events e WHERE e.id = ${id} AND ${visibleSql(viewer)}`;
  if (!row) return null;
  // Drivers differ in how they hand over instants; the record holds Dates.
  return {
    ...row,
    date: new Date(row.date),
    rsvpClosesAt: row.rsvpClosesAt === null ? null : new Date(row.rsvpClosesAt),
  };
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
