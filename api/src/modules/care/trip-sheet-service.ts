// The trip sheet: what an event's leaders (its creator while an organiser, and admins) need to take members away
// — each member attending, waitlisted or awaiting a guardian with their care card, age, check-in, guardians'
// contacts and photo consent — as JSON or CSV. Open from the first reply until CARE_VISIBLE_DAYS after the
// event ends; every download is audited once (trip_sheet.viewed), and each other member's card read in it too
// (care.viewed), in one transaction before anything is answered.
import { ageOn, calendarDay } from '../../../../shared/age';
import { DEFAULT_EVENT_DURATION_MS } from '../../../../shared/calendar';
import type { SensitiveAnswer, TripSheet, TripSheetAttendee } from '../../../../shared/care';
import type { PhotoConsent } from '../../../../shared/constants';
import { forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { byShownName } from '../../../../shared/minor-names';
import type { AppDeps } from '../../deps';
import { recordAudits, type AuditRecord } from '../audit/audit-repository';
import { STATUS_ORDER } from '../events/attendance-repository';
import type { EventAccess } from '../events/event-access';
import { birthDateText } from '../minors/minors-repository';
import { readTimeZone } from '../organisation/organisation-service';
import type { Viewer } from '../users/viewer';
import { openCard } from './care-cards';
import * as repo from './care-repository';
import { tripSheetCsv } from './trip-sheet-csv';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when an event's leaders may read the cards of its members: CARE_VISIBLE_DAYS after it ends. Events
 * have a start only; they end DEFAULT_EVENT_DURATION_MS later, as their calendar entries do.
 */
export function careVisibleUntil(event: { date: Date }, days: number): Date {
  return new Date(event.date.getTime() + DEFAULT_EVENT_DURATION_MS + days * DAY_MS);
}

/**
 * Members' answers to the event's registration questions marked sensitive, as text, by member: the questions
 * module's (which checks the viewer leads the event and audits the read).
 */
export type SensitiveAnswersPort = (
  viewer: Viewer,
  eventId: number,
  userIds: number[],
) => Promise<Map<number, SensitiveAnswer[]>>;

const guardianOf = ({ guardian }: repo.TripRow['user']['guardians'][number]) => {
  const email = guardian.googleEmail ?? (guardian.linkedEmailConfirmed ? guardian.linkedEmail : null);
  return {
    name: guardian.name,
    ...(guardian.phoneNumber ? { phone: guardian.phoneNumber } : {}),
    ...(email ? { email } : {}),
  };
};

/** Attending first, then those waiting for a guardian, then the waitlist in its order; by full name within. */
function tripOrder(a: repo.TripRow, b: repo.TripRow): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (a.status === 'waitlisted' ? (a.waitlistedAt?.getTime() ?? 0) - (b.waitlistedAt?.getTime() ?? 0) : 0) ||
    byShownName(a.user, b.user)
  );
}

export type TripSheetFormat = 'json' | 'csv';

export function createTripSheetService(deps: AppDeps, access: EventAccess, sensitiveAnswersOf: SensitiveAnswersPort) {
  const { prisma, config } = deps;

  async function read(viewer: Viewer, eventId: number, format: TripSheetFormat): Promise<TripSheet> {
    const event = await access.managedRecord(viewer, eventId, MSG.onlyOrganisers);
    const until = careVisibleUntil(event, config.careVisibleDays);
    if (deps.now().getTime() > until.getTime()) throw forbidden(MSG.tripSheetClosed({ days: config.careVisibleDays }));
    const timeZone = event.timeZone ?? (await readTimeZone(config, prisma));
    const eventDay = calendarDay(event.date, timeZone);
    const rows = (await repo.tripRows(prisma, eventId)).sort(tripOrder);
    const answers = await sensitiveAnswersOf(
      viewer,
      eventId,
      rows.map((row) => row.user.id),
    );
    const attendees = rows.map((row): TripSheetAttendee => {
      const birthDate = birthDateText(row.user.birthDate);
      return {
        user: { id: row.user.id, name: row.user.name },
        ...(birthDate ? { age: ageOn(birthDate, eventDay) } : {}),
        status: row.status,
        checkedIn: row.checkedInAt !== null,
        care: openCard(deps, row.user.careCard, row.user.id),
        guardians: row.user.guardians.map(guardianOf),
        // The table's CHECK keeps it one of the three.
        photoConsent: row.user.photoConsent as PhotoConsent,
        sensitiveAnswers: answers.get(row.user.id) ?? [],
      };
    });
    await audit(viewer, eventId, format, rows);
    return {
      event: {
        id: event.id,
        name: event.name,
        date: event.date.toISOString(),
        location: event.location,
        timeZone,
        careVisibleUntil: until.toISOString(),
      },
      attendees,
    };
  }

  /** One trip_sheet.viewed for the download, and a care.viewed for each other member whose saved card it holds. */
  async function audit(viewer: Viewer, eventId: number, format: TripSheetFormat, rows: repo.TripRow[]) {
    const cardsRead: AuditRecord[] = rows
      .filter((row) => row.user.careCard && row.user.id !== viewer.id)
      .map((row) => ({
        actorId: viewer.id,
        action: 'care.viewed',
        subject: { type: 'member', id: row.user.id },
        details: { eventId, via: 'trip_sheet' },
      }));
    const download: AuditRecord = {
      actorId: viewer.id,
      action: 'trip_sheet.viewed',
      subject: { type: 'event', id: eventId },
      details: { format, rows: rows.length, cards: cardsRead.length },
    };
    await recordAudits(prisma, [download, ...cardsRead]);
  }

  /** GET /api/events/{id}/trip-sheet */
  function sheet(viewer: Viewer, eventId: number): Promise<TripSheet> {
    return read(viewer, eventId, 'json');
  }

  /** GET /api/events/{id}/trip-sheet.csv */
  async function csv(viewer: Viewer, eventId: number): Promise<{ filename: string; body: string }> {
    const trip = await read(viewer, eventId, 'csv');
    return { filename: `trip-sheet-event-${eventId}.csv`, body: tripSheetCsv(trip) };
  }

  return { sheet, csv };
}

export type TripSheetService = ReturnType<typeof createTripSheetService>;
