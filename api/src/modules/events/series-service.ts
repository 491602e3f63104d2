// Recurring events: creating a series, editing or deleting "this and following" occurrences, and
// generating occurrences as time passes. Each occurrence is an event of its own; the events service decides
// who may do what and calls in here for the series part.
import type { RecurrenceInput } from '../../../../shared/schemas/events';
import { invalid } from '../../../../shared/errors';
import type { AppDeps } from '../../deps';
import { changedFields, closingLead } from './event-changes';
import type { EventWrite, Tx } from './events-repository';
import { organisationTimeZone } from '../organisation/organisation-service';
import * as seriesRepo from './series-repository';
import { countBefore, occurrencesAfter, untilInstant, type SeriesRule } from './series-rules';
import { MSG } from '../../../../shared/messages';

export const SERIES_MESSAGES = {
  untilBeforeStart: MSG.seriesUntilBeforeStart,
  sameStart: MSG.seriesSameStart,
} as const;

/** An occurrence's RSVP closing time keeps its distance from the occurrence's start. */
function shiftedWrite(template: EventWrite, start: Date): EventWrite {
  const closes = template.rsvpClosesAt;
  return {
    ...template,
    date: start,
    rsvpClosesAt: closes === null ? null : new Date(start.getTime() + (closes.getTime() - template.date.getTime())),
  };
}

/**
 * What one occurrence of a "this and following" edit is written with: `fields` at `start`, the RSVP closing
 * time kept at the distance the edit gave it, or else at the occurrence's own.
 */
function followingWrite(
  occurrence: Pick<EventWrite, 'date' | 'rsvpClosesAt'>,
  start: Date,
  fields: Partial<EventWrite>,
  edited: EventWrite,
): Partial<EventWrite> {
  const lead = closingLead('rsvpClosesAt' in fields ? edited : occurrence);
  return { ...fields, date: start, rsvpClosesAt: lead === null ? null : new Date(start.getTime() - lead) };
}

/** An end date moved by as much as the pivot moved (never before the pivot's new start). */
function movedEnd(until: Date, from: Date, to: Date): Date {
  return new Date(Math.max(until.getTime() + (to.getTime() - from.getTime()), to.getTime()));
}

/** The zone a series keeps its wall time in: the event's own, else the organisation's. */
function zoneOf(write: EventWrite, fallback: string): string {
  const zone = (write as EventWrite & { timeZone?: string | null }).timeZone;
  return zone ?? fallback;
}

/** The occurrence an edit or delete of "this and following" starts at. */
export interface Pivot {
  id: number;
  date: Date;
  seriesId: number;
  creatorId: number;
}

export function createSeriesService(deps: Pick<AppDeps, 'config' | 'now' | 'prisma'>) {
  const { prisma } = deps;

  /** The rule a create asks for; refuses an end before the start. */
  function ruleFor(write: EventWrite, recurrence: RecurrenceInput, orgZone: string): SeriesRule {
    const timeZone = zoneOf(write, orgZone);
    const until = recurrence.until === undefined ? null : untilInstant(recurrence.until, timeZone);
    if (until !== null && until < write.date) throw invalid(SERIES_MESSAGES.untilBeforeStart);
    return {
      frequency: recurrence.frequency,
      monthlyBy: recurrence.frequency === 'monthly' ? (recurrence.monthlyBy ?? 'day') : null,
      timeZone,
      startsAt: write.date,
      count: recurrence.count ?? null,
      until,
    };
  }

  /**
   * Creates the series and its occurrences (up to OCCURRENCES_AHEAD ahead) in one transaction; `alongside` runs
   * there with the first occurrence's id (its cover and the one announcement of the series). Answers that id.
   */
  async function create(
    creatorId: number,
    write: EventWrite,
    recurrence: RecurrenceInput,
    alongside: (tx: Tx, firstId: number) => Promise<void>,
  ): Promise<number> {
    const rule = ruleFor(write, recurrence, await organisationTimeZone(deps));
    const generated = occurrencesAfter(rule, null, deps.now());
    return prisma.$transaction(async (tx) => {
      const seriesId = await seriesRepo.createSeries(tx, rule, {
        generatedUntil: generated.starts.at(-1)!,
        complete: generated.complete,
      });
      const rows = generated.starts.map((start) => shiftedWrite(write, start));
      const [firstId] = await seriesRepo.insertOccurrences(tx, seriesId, creatorId, rows, null);
      await alongside(tx, firstId!);
      return firstId!;
    });
  }

  /** Generates the occurrences now due of one series (locked: two instances never both insert one). */
  async function extend(seriesId: number): Promise<number> {
    return prisma.$transaction(async (tx) => {
      const series = await seriesRepo.lockSeries(tx, seriesId);
      if (!series || series.complete) return 0;
      const template = await seriesRepo.latestOccurrence(tx, seriesId);
      // Every occurrence was deleted: nothing is left to repeat.
      if (!template) {
        await seriesRepo.updateSeries(tx, seriesId, { complete: true });
        return 0;
      }
      const generated = occurrencesAfter(series, series.generatedUntil, deps.now());
      const { id, creatorId, ...fields } = template;
      const rows = generated.starts.map((start) => shiftedWrite(fields, start));
      const ids = await seriesRepo.insertOccurrences(tx, seriesId, creatorId, rows, id);
      await seriesRepo.updateSeries(tx, seriesId, {
        generatedUntil: generated.starts.at(-1) ?? series.generatedUntil,
        complete: generated.complete,
      });
      return ids.length;
    });
  }

  /** The scheduler's tick: every series with occurrences still to come is topped up. Answers how many were added. */
  async function extendAll(): Promise<number> {
    let added = 0;
    for (const id of await seriesRepo.findIncompleteSeriesIds(prisma)) added += await extend(id);
    return added;
  }

  /**
   * Applies an edit of occurrence `pivot` (`before` as stored, `after` as edited) to it and every later
   * occurrence, in the edit's transaction `tx`. The pivot takes the whole edit; later occurrences take only what
   * the edit changed on the pivot and keep the rest of their own (their visibility above all: one made private on
   * its own must not turn public because an edit of another field left isPublic out or sent it unchanged).
   * Same date: each occurrence keeps its own date. A new date: the series splits at the pivot into a new series
   * whose rule starts at the new date (the same frequency and end), and the occurrences take the new rule's
   * dates in order, so a shift of day or time of day is the same for all of them in local time. Answers the ids
   * whose capacity changed (their waitlists may move) and the pivot's series id after.
   */
  async function applyFollowing(
    tx: Tx,
    pivot: Pivot,
    before: EventWrite,
    after: EventWrite,
  ): Promise<{ capacityChanged: number[]; seriesId: number }> {
    const series = await seriesRepo.lockSeries(tx, pivot.seriesId);
    const occurrences = await seriesRepo.occurrencesFrom(tx, pivot.seriesId, pivot);
    const changes = changedFields(before, after);
    const fieldsOf = (id: number): Partial<EventWrite> => (id === pivot.id ? after : changes);
    const capacityChanged = occurrences
      .filter((o) => 'capacity' in fieldsOf(o.id) && o.capacity !== after.capacity)
      .map((o) => o.id);
    if (!series) return { capacityChanged, seriesId: pivot.seriesId };
    if (after.date.getTime() === pivot.date.getTime()) {
      for (const occurrence of occurrences) {
        const write = followingWrite(occurrence, occurrence.date, fieldsOf(occurrence.id), after);
        await seriesRepo.writeOccurrence(tx, occurrence.id, write);
      }
      return { capacityChanged, seriesId: series.id };
    }

    const rule: SeriesRule = {
      frequency: series.frequency,
      monthlyBy: series.monthlyBy,
      timeZone: series.timeZone,
      startsAt: after.date,
      // A counted series keeps the number of events it had left; an end date moves with the events.
      count: series.count === null ? null : Math.max(1, series.count - countBefore(series, pivot.date)),
      until: series.until === null ? null : movedEnd(series.until, pivot.date, after.date),
    };
    const generated = occurrencesAfter(rule, null, deps.now());
    const newSeriesId = await seriesRepo.createSeries(tx, rule, {
      generatedUntil: generated.starts.at(-1)!,
      complete: generated.complete,
    });
    // Each moved occurrence changes series and date in one statement: the new series is empty, so the unique
    // (series_id, date) index never sees two occurrences on one date mid-way.
    const moved = occurrences.slice(0, generated.starts.length);
    for (const [index, occurrence] of moved.entries()) {
      const write = followingWrite(occurrence, generated.starts[index]!, fieldsOf(occurrence.id), after);
      await seriesRepo.writeOccurrence(tx, occurrence.id, write, newSeriesId);
    }
    // The new rule has fewer occurrences than there were (say, a monthly shift onto a day some months lack).
    await seriesRepo.deleteOccurrences(
      tx,
      occurrences.slice(generated.starts.length).map((o) => o.id),
    );
    // It has more: they copy the pivot.
    const extra = generated.starts.slice(moved.length).map((start) => shiftedWrite(after, start));
    await seriesRepo.insertOccurrences(tx, newSeriesId, pivot.creatorId, extra, pivot.id);
    await endOldSeries(tx, series.id, pivot.date);
    return { capacityChanged, seriesId: newSeriesId };
  }

  /** Runs a "this and following" edit and `alongside` (cover, announcement, waitlists) in one transaction. */
  function updateFollowing(
    pivot: Pivot,
    before: EventWrite,
    after: EventWrite,
    alongside: (tx: Tx, capacityChanged: number[]) => Promise<void>,
  ): Promise<void> {
    return prisma.$transaction(async (tx) => {
      const { capacityChanged } = await applyFollowing(tx, pivot, before, after);
      await alongside(tx, capacityChanged);
    });
  }

  /** The old series stops before the pivot; with no occurrence left it goes. */
  async function endOldSeries(tx: Tx, seriesId: number, before: Date): Promise<void> {
    if ((await seriesRepo.countOccurrences(tx, seriesId)) === 0) {
      await seriesRepo.deleteSeries(tx, seriesId);
      return;
    }
    await seriesRepo.updateSeries(tx, seriesId, { until: new Date(before.getTime() - 1), count: null, complete: true });
  }

  /** Deletes occurrence `pivot` and every later one; the series ends before it. Answers how many were deleted. */
  /** `alongside` runs in the deletion's transaction (the audit entry). */
  async function deleteFollowing(pivot: Pivot, alongside?: (tx: Tx) => Promise<void>): Promise<number> {
    return prisma.$transaction(async (tx) => {
      const series = await seriesRepo.lockSeries(tx, pivot.seriesId);
      const occurrences = await seriesRepo.occurrencesFrom(tx, pivot.seriesId, pivot);
      const deleted = await seriesRepo.deleteOccurrences(
        tx,
        occurrences.map((o) => o.id),
      );
      if (series) await endOldSeries(tx, series.id, pivot.date);
      if (deleted > 0) await alongside?.(tx);
      return deleted;
    });
  }

  /** Deletes one occurrence; an uploaded cover the others share stays with them. */
  function deleteOne(id: number, alongside?: (tx: Tx) => Promise<void>): Promise<number> {
    return prisma.$transaction(async (tx) => {
      const deleted = await seriesRepo.deleteOccurrences(tx, [id]);
      if (deleted > 0) await alongside?.(tx);
      return deleted;
    });
  }

  return { create, extend, extendAll, updateFollowing, deleteFollowing, deleteOne };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
