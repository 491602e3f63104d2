// The event_series table and the occurrences linked to it. Only repositories import Prisma.
import type { MonthlyBy, RecurrenceFrequency } from '../../../../shared/constants';
import type { Prisma } from '../../db/database';
import { recordSelect, type EventWrite, type Tx } from './events-repository';
import type { SeriesRule } from './series-rules';

type Db = Prisma | Tx;

export interface SeriesRow extends SeriesRule {
  id: number;
  generatedUntil: Date;
  complete: boolean;
}

const asRule = (row: {
  id: number;
  frequency: string;
  monthlyBy: string | null;
  timeZone: string;
  startsAt: Date;
  count: number | null;
  until: Date | null;
  generatedUntil: Date;
  complete: boolean;
}): SeriesRow => ({
  ...row,
  frequency: row.frequency as RecurrenceFrequency,
  monthlyBy: row.monthlyBy as MonthlyBy | null,
});

export async function createSeries(
  tx: Tx,
  rule: SeriesRule,
  generated: { generatedUntil: Date; complete: boolean },
): Promise<number> {
  const row = await tx.eventSeries.create({ data: { ...rule, ...generated }, select: { id: true } });
  return row.id;
}

export function updateSeries(
  tx: Tx,
  id: number,
  data: Partial<Omit<SeriesRow, 'id' | 'frequency' | 'monthlyBy' | 'timeZone'>>,
): Promise<unknown> {
  return tx.eventSeries.update({ where: { id }, data });
}

export const deleteSeries = (tx: Tx, id: number) => tx.eventSeries.deleteMany({ where: { id } });

/** The series, locked until the transaction ends: extensions and edits of one series run one after another. */
export async function lockSeries(tx: Tx, id: number): Promise<SeriesRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM event_series WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) return null;
  const row = await tx.eventSeries.findUnique({ where: { id } });
  return row ? asRule(row) : null;
}

/** Series whose rule has occurrences not generated yet. */
export async function findIncompleteSeriesIds(prisma: Prisma): Promise<number[]> {
  const rows = await prisma.eventSeries.findMany({ where: { complete: false }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** What a new occurrence copies: the series' latest occurrence (so a "this and following" edit carries on). */
export interface OccurrenceTemplate extends EventWrite {
  id: number;
  creatorId: number;
}

export function latestOccurrence(tx: Db, seriesId: number): Promise<OccurrenceTemplate | null> {
  return tx.event.findFirst({ where: { seriesId }, orderBy: [{ date: 'desc' }, { id: 'desc' }], select: recordSelect });
}

/**
 * Inserts occurrences (an occurrence already there is skipped: the unique (series_id, date) index) and gives the
 * new ones the template's invitations. Answers the new events' ids.
 */
export async function insertOccurrences(
  tx: Tx,
  seriesId: number,
  creatorId: number,
  rows: EventWrite[],
  invitationsFrom: number | null,
): Promise<number[]> {
  if (!rows.length) return [];
  const created = await tx.event.createManyAndReturn({
    data: rows.map((row) => ({ ...row, creatorId, seriesId })),
    skipDuplicates: true,
    select: { id: true },
  });
  const ids = created.map((row) => row.id);
  if (invitationsFrom !== null && ids.length) {
    await tx.$executeRaw`
      INSERT INTO invitations (event_id, user_id)
      SELECT e.id, i.user_id FROM invitations i CROSS JOIN unnest(${ids}::int[]) AS e(id)
       WHERE i.event_id = ${invitationsFrom}
      ON CONFLICT DO NOTHING`;
  }
  return ids;
}

/** The occurrence and every later one of its series, soonest first. */
export function occurrencesFrom(tx: Db, seriesId: number, from: { date: Date; id: number }) {
  return tx.event.findMany({
    where: { seriesId, OR: [{ date: { gt: from.date } }, { date: from.date, id: { gte: from.id } }] },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
    select: { id: true, date: true, rsvpClosesAt: true, capacity: true },
  });
}

export const countOccurrences = (tx: Db, seriesId: number) => tx.event.count({ where: { seriesId } });

/** One occurrence's fields after a "this and following" edit (and its new series when the edit split it). */
export function writeOccurrence(tx: Tx, id: number, data: Partial<EventWrite>, seriesId?: number) {
  // A split moves the dates: a new date deserves a new reminder.
  const moved = seriesId === undefined ? {} : { seriesId, reminderSentAt: null };
  return tx.event.updateMany({ where: { id }, data: { ...data, ...moved } });
}

/** The occurrence's series and what a "this and following" change starts from; null for a one-off event. */
export async function findPivot(tx: Db, id: number) {
  const row = await tx.event.findUnique({
    where: { id },
    select: { id: true, date: true, seriesId: true, creatorId: true },
  });
  return row && row.seriesId !== null ? { ...row, seriesId: row.seriesId } : null;
}

/**
 * Deletes these occurrences (their RSVPs, comments and invitations go with them: ON DELETE CASCADE). An uploaded
 * cover that the series' other occurrences still show passes to the soonest of them first, so it is not
 * deleted with the occurrence that happened to own it.
 */
export async function deleteOccurrences(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const heirs = await tx.$queryRaw<Array<{ image_id: string; heir: number | null }>>`
    SELECT i.id AS image_id,
      (SELECT e.id FROM events e
        WHERE e.series_id = gone.series_id AND e.image_url = '/api/images/' || i.id AND NOT (e.id = ANY(${ids}::int[]))
        ORDER BY e.date, e.id LIMIT 1) AS heir
      FROM event_images i JOIN events gone ON gone.id = i.event_id
     WHERE gone.id = ANY(${ids}::int[]) AND gone.series_id IS NOT NULL`;
  for (const { image_id: imageId, heir } of heirs) {
    if (heir !== null) await tx.eventImage.update({ where: { id: imageId }, data: { eventId: heir } });
  }
  const { count } = await tx.event.deleteMany({ where: { id: { in: ids } } });
  return count;
}
