// The organiser's tools, for the event's creator and admins only (403 for everyone else): the
// attendee list as CSV, a message to everyone attending, waitlisted or maybe (through the outbox, on each
// member's channels), and check-in at the door by member id or by the member's scanned pass. Members get
// their own pass here too.
import { MESSAGE_LIMITS } from '../../../../shared/constants';
import { conflict, invalid, notFound, rateLimited } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { CheckInInput, EventMessageInput } from '../../../../shared/schemas/rsvp';
import type { CheckInResponse, EventMessageResponse, EventPass } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import { consume, type RateLimitRule } from '../../http/rate-limit';
import * as attendanceRepo from './attendance-repository';
import { attendeesCsv } from './attendees-csv';
import type { EventAccess } from './event-access';
import { NO_PAYMENTS, type PaymentPort } from './payment-port';
import type { RegistrationAnswers } from './registration-answers';
import { issuePass, passQrSvg, readPass } from './event-pass';
import type { Viewer } from '../users/viewer';
import { recordAudit } from '../audit/audit-repository';

const toCheckIn = (row: attendanceRepo.CheckInRow): CheckInResponse => ({
  userId: row.userId,
  name: row.name,
  guests: row.guests,
  checkedIn: row.checkedInAt !== null,
  checkedInAt: row.checkedInAt?.toISOString() ?? null,
});

const HOUR_MS = 60 * 60_000;
const PER_EVENT: RateLimitRule = { name: 'event-messages', limit: MESSAGE_LIMITS.perEventPerHour, windowMs: HOUR_MS };
const PER_ORGANISER: RateLimitRule = {
  name: 'organiser-messages',
  limit: MESSAGE_LIMITS.perOrganiserPerDay,
  windowMs: 24 * HOUR_MS,
};

export function createOrganiserService(
  deps: Pick<AppDeps, 'notifications' | 'now' | 'prisma' | 'secrets'>,
  access: EventAccess,
  minors: MinorsService,
  answers: RegistrationAnswers,
  payments: PaymentPort = NO_PAYMENTS,
) {
  const { prisma, secrets } = deps;
  const organised = (viewer: Viewer, id: number) => access.managedRecord(viewer, id, MSG.onlyOrganisers);

  /**
   * GET /api/events/{id}/attendees.csv: every reply with full names (hidden ones and minors too: organisers see
   * them), each member's age, consent, permission slip and photo consent, and a column per registration
   * question (sensitive ones only with `sensitive`, which the questions module audits).
   */
  async function csv(viewer: Viewer, id: number, sensitive = false): Promise<{ filename: string; body: string }> {
    const event = await organised(viewer, id);
    const attendees = await attendanceRepo.listAttendees(prisma, id);
    const facts = await minors.organiserFacts(
      attendees.map((row) => row.id),
      id,
    );
    // Who took members' names and replies out of the app, and when.
    await recordAudit(prisma, {
      actorId: viewer.id,
      action: 'attendees.exported',
      subject: { type: 'event', id },
      details: { rows: attendees.length },
    });
    const asked = await answers.csvColumns(viewer, id, sensitive);
    let columns = asked;
    if (event.feeAmount !== null) {
      // Organisers read each payment as it stands, a waiver included.
      const paid = await payments.attendeePayments(
        id,
        attendees.map((row) => row.id),
        true,
      );
      columns = {
        header: ['Payment', ...asked.header],
        cellsOf: (userId) => [paid.get(userId) ?? '', ...asked.cellsOf(userId)],
      };
    }
    return { filename: `attendees-event-${id}.csv`, body: attendeesCsv(attendees, facts, columns) };
  }

  /**
   * Counts a message against the event's hourly and the sender's daily limit (in the database, so every instance
   * agrees). Only a message its sender may send counts: nobody else can use up an organiser's messages.
   */
  async function countMessage(viewer: Viewer, eventId: number): Promise<void> {
    const perEvent = await consume(prisma, `${PER_EVENT.name}:${eventId}`, PER_EVENT);
    if (!perEvent.allowed) {
      throw rateLimited(MSG.messagesPerEventLimit({ limit: PER_EVENT.limit }), perEvent.retryAfterSeconds);
    }
    const perOrganiser = await consume(prisma, `${PER_ORGANISER.name}:${viewer.id}`, PER_ORGANISER);
    if (!perOrganiser.allowed) {
      throw rateLimited(MSG.messagesPerOrganiserLimit({ limit: PER_ORGANISER.limit }), perOrganiser.retryAfterSeconds);
    }
  }

  /** POST /api/events/{id}/messages: to the audience as it is now (the sender aside), one outbox job. */
  async function message(viewer: Viewer & { name?: string }, id: number, input: EventMessageInput) {
    const event = await organised(viewer, id);
    await countMessage(viewer, event.id);
    const userIds = await attendanceRepo.userIdsWithStatus(prisma, id, input.audience, viewer.id);
    const senderName = viewer.name ?? 'The organiser';
    await prisma.$transaction(async (tx) => {
      await deps.notifications.eventMessage(
        event.id,
        { userIds, text: input.text, senderId: viewer.id, senderName },
        tx,
      );
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'message.sent',
        subject: { type: 'event', id: event.id },
        details: { audience: input.audience, recipients: userIds.length },
      });
    });
    return { recipients: userIds.length } satisfies EventMessageResponse;
  }

  /** POST /api/events/{id}/check-in: a member attending, by id or by their pass for this event. */
  async function checkIn(viewer: Viewer, id: number, input: CheckInInput): Promise<CheckInResponse> {
    await organised(viewer, id);
    const userId = 'pass' in input ? readPass(secrets, id, input.pass) : input.userId;
    if (userId === null) throw invalid(MSG.passInvalid);
    const { before, after } = await attendanceRepo.checkIn(prisma, id, userId, deps.now());
    if (!before || before.status !== 'attending' || !after) throw conflict(MSG.checkInNotAttending);
    return { ...toCheckIn(after), ...(before.checkedInAt ? { alreadyCheckedIn: true } : {}) };
  }

  /** DELETE /api/events/{id}/check-in/{userId}: undo a check-in made by mistake. */
  async function undoCheckIn(viewer: Viewer, id: number, userId: number): Promise<CheckInResponse> {
    await organised(viewer, id);
    const row = await attendanceRepo.undoCheckIn(prisma, id, userId);
    if (!row) throw notFound(MSG.memberHasNotReplied);
    return toCheckIn(row);
  }

  /** GET /api/events/{id}/pass: the member's own pass, while they are attending. */
  async function pass(viewer: Viewer, id: number): Promise<EventPass> {
    await access.visibleRecord(viewer, id);
    const reply = await attendanceRepo.findOwnReply(prisma, id, viewer.id);
    if (reply?.status !== 'attending') throw conflict(MSG.passNotAttending);
    const token = issuePass(secrets, id, viewer.id);
    return { token, qrSvg: await passQrSvg(token) };
  }

  return { csv, message, checkIn, undoCheckIn, pass };
}

export type OrganiserService = ReturnType<typeof createOrganiserService>;
