// RSVP use cases: replying with capacity, waitlist, maybe and guests (for oneself, a child, or several siblings
// at once: together-reply.ts); promotion from the waitlist (rsvp-promotion.ts); the attendee list
// (attendee-list.ts). Every change runs under the event's row lock (rsvp-repository.ts).
import { RSVP_LIMITS } from '../../../../shared/constants';
import { conflict, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AttendInput } from '../../../../shared/schemas/rsvp';
import type { ReplyInput, SiblingsReplyResponse } from '../../../../shared/siblings';
import type { AttendanceResponse, AttendResponse } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import type { Viewer } from '../users/viewer';
import { recordAudits } from '../audit/audit-repository';
import * as attendanceRepo from './attendance-repository';
import { createAttendeeList } from './attendee-list';
import { mayManage, type EventAccess } from './event-access';
import { createEventQueue } from './event-queue';
import { NO_PAYMENTS, type PaymentPort } from './payment-port';
import { createPaymentHolds } from './payment-holds';
import type { Tx } from './events-repository';
import { createSlipHolds } from './permission-slips';
import type { RegistrationAnswers } from './registration-answers';
import { createRepliers } from './replier';
import { promoteIntoFreeSpots } from './rsvp-promotion';
import * as holdsRepo from './payment-holds-repository';
import * as rsvpRepo from './rsvp-repository';
import { peopleIn, planReply, spotsLeft } from './rsvp-rules';
import { createSiblingsReply } from './together-reply';

// Other modules take back a member's replies through the RSVP service's module.
export { releaseAllReplies } from './rsvp-promotion';

/** A reply as the answer to a request shows it, with the event's counts. */
function toResponse(result: rsvpRepo.ReplyOutcome & { capacity: number | null }): AttendResponse {
  return {
    status: result.reply?.status ?? 'not_attending',
    guests: result.reply?.guests ?? 0,
    ...(result.waitlistPosition === null ? {} : { waitlistPosition: result.waitlistPosition }),
    attendingCount: result.attendingPeople,
    spotsLeft: spotsLeft({ capacity: result.capacity, attendingPeople: result.attendingPeople }),
    waitlistCount: result.waitlistCount,
  };
}

export function createRsvpService(
  deps: Pick<AppDeps, 'config' | 'notifications' | 'now' | 'prisma'>,
  access: EventAccess,
  minors: MinorsService,
  answers: RegistrationAnswers,
  payments: PaymentPort = NO_PAYMENTS,
) {
  const { prisma } = deps;
  // Built once with the service, so the system it belongs to owns its queues.
  const queue = createEventQueue();
  const approvals = createSlipHolds(deps);
  const repliers = createRepliers(deps, minors, approvals);
  const { replierFor, approvalContext, settleSlip } = repliers;
  // The one rule for places and fees paid to confirm, asked by every path into a place (payment-holds.ts).
  const holds = createPaymentHolds(deps.config, payments);

  /**
   * Promotes the waitlisted parties that now fit and tells them, except `actorId`, who is told by the answer to
   * their own request (promoteIntoFreeSpots). Answers the promoted ids.
   */
  const fillSpots = (
    tx: Tx,
    event: { id: number; capacity: number | null },
    actorId: number | null = null,
    people?: number,
  ): Promise<number[]> =>
    promoteIntoFreeSpots(tx, event, {
      now: deps.now(),
      actorId,
      people,
      tell: (eventId, userIds, heldUntil) =>
        heldUntil
          ? deps.notifications.promotedHeld(eventId, userIds, heldUntil, tx)
          : deps.notifications.promoted(eventId, userIds, tx),
      approvals,
      payments: holds,
    });

  /** Whether 'attending' would hold the member's place for a payment: a fee paid to confirm, not paid yet. */
  const paymentHeld = async (tx: Tx, event: rsvpRepo.LockedEvent, userId: number, status: string) =>
    status === 'attending' && (await holds.heldAmong(tx, event, [userId])).length > 0;

  /** The organiser's opt-in digest: one queued message at a time, at most one an hour (RSVPs meanwhile join it). */
  async function queueDigest(tx: Tx, event: rsvpRepo.LockedEvent, now: Date): Promise<void> {
    if (!event.rsvpDigest) return;
    const due = event.rsvpDigestDueAt?.getTime() ?? null;
    if (due !== null && due > now.getTime()) return;
    const dueAt = new Date(Math.max(now.getTime(), due === null ? 0 : due + RSVP_LIMITS.digestIntervalMs));
    await deps.notifications.rsvpDigest(event.id, dueAt, tx);
  }

  /**
   * POST /api/events/{id}/attend, for the member or (forUserId) by a guardian for their child. After rsvpClosesAt
   * only the creator and admins may change replies. The reply, its permission slip, the promotions it allows and
   * their notifications commit together.
   */
  async function replyOne(viewer: Viewer, id: number, input: AttendInput): Promise<AttendResponse> {
    const replier = await replierFor(viewer, input);
    await access.visibleRecord(replier.member, id);
    // Saying no is always allowed; going needs a birth date (if required) and, for a minor, consent (a
    // guardian's reply for a child was checked against the child in replierFor).
    if (replier.guardianId === null && input.status !== 'not_attending') await minors.assertMayTakePart(viewer);
    // The registration questions' answers: judged before the lock, written with the reply.
    const checked = await answers.check(id, replier.id, input.status, input.answers);
    const result = await rsvpRepo.withEventLocked(
      prisma,
      queue,
      id,
      async (tx, event) => {
        const now = deps.now();
        if (event.rsvpClosesAt && event.rsvpClosesAt <= now && !mayManage(viewer, event)) {
          throw conflict(MSG.rsvpClosed);
        }
        const current = event.reply;
        const approval = await approvalContext(tx, event, replier);
        // A guardian replying for their child approves by replying; an approved child needs no new approval.
        const needsApproval = approval !== null && replier.guardianId === null && approval.slip !== 'approved';
        const needsPayment = !needsApproval && (await paymentHeld(tx, event, replier.id, input.status));
        const plan = planReply(event, current, input.status, input.guests, needsApproval, needsPayment);
        const newHold = plan.status === 'awaiting_payment' && current?.status !== 'awaiting_payment';
        await rsvpRepo.saveReply(tx, id, replier.id, plan, now, null, newHold ? holds.until(now) : null);
        await checked.save(tx);
        if (approval) await settleSlip(tx, id, replier, current, plan, input.status, approval.slip, now);
        // Giving up a place may refund what was paid for it.
        if (peopleIn(current) > 0 && peopleIn(plan) === 0) await payments.left(tx, id, replier.id);
        const people = event.attendingPeople - peopleIn(current) + peopleIn(plan);
        // Without a capacity nobody waits: an edit that removes the limit lets the whole waitlist in.
        if (event.capacity !== null) await fillSpots(tx, event, replier.id, people);
        const changed = current?.status !== plan.status || current.guests !== plan.guests;
        if (changed && replier.id !== event.creatorId) await queueDigest(tx, event, now);
        return { ...(await rsvpRepo.replyOutcome(tx, id, replier.id)), capacity: event.capacity };
      },
      replier.id,
    );
    if (!result) throw notFound(MSG.eventNotFound);
    return toResponse(result);
  }

  /** Runs `work` under the event's row lock, in this service's queue (forUserId's reply read under it). */
  const withEventLocked = <T>(
    eventId: number,
    work: (tx: Tx, event: rsvpRepo.LockedEvent) => Promise<T>,
    forUserId?: number,
  ) => rsvpRepo.withEventLocked(prisma, queue, eventId, work, forUserId);

  const replyForSiblings = createSiblingsReply({
    deps,
    access,
    repliers,
    answers,
    withEventLocked,
    fillSpots: (tx, event) => fillSpots(tx, event),
    queueDigest,
    holds,
    left: payments.left,
  });

  /** POST /api/events/{id}/attend: one member's reply, or (forUserIds) a guardian's for several children. */
  function setAttendance(viewer: Viewer, id: number, input: AttendInput): Promise<AttendResponse>;
  function setAttendance(
    viewer: Viewer,
    id: number,
    input: ReplyInput,
  ): Promise<AttendResponse | SiblingsReplyResponse>;
  function setAttendance(viewer: Viewer, id: number, input: ReplyInput) {
    const { forUserIds } = input;
    return forUserIds ? replyForSiblings(viewer, id, { ...input, forUserIds }) : replyOne(viewer, id, input);
  }

  async function getAttendance(viewer: Viewer, id: number): Promise<AttendanceResponse> {
    await access.visibleRecord(viewer, id);
    const reply = await attendanceRepo.findOwnReply(prisma, id, viewer.id);
    if (!reply) return { status: 'not_responded', guests: 0, checkedIn: false };
    const position =
      reply.status === 'waitlisted' ? (await rsvpRepo.replyOutcome(prisma, id, viewer.id)).waitlistPosition : null;
    return {
      status: reply.status,
      guests: reply.guests,
      ...(position === null ? {} : { waitlistPosition: position }),
      checkedIn: reply.checkedInAt !== null,
    };
  }

  /**
   * Spots freed without an RSVP change (a deleted account's reply goes with it, and the count trigger gives its
   * places back): the waitlists of such events move up. The delivery worker runs this on a timer. Answers the
   * number of members promoted.
   */
  async function promoteFreedSpots(): Promise<number> {
    let promoted = 0;
    for (const eventId of await rsvpRepo.eventsWithFreeSpotsAndWaitlist(prisma)) {
      const ids = await rsvpRepo.withEventLocked(prisma, queue, eventId, (tx, event) => fillSpots(tx, event));
      promoted += ids?.length ?? 0;
    }
    return promoted;
  }

  /**
   * Settles a reply held for a guardian (the caller holds the lock and has decided the slip): approved, it is
   * attending, or held for the payment when the fee is paid to confirm and not paid yet; declined, the spot is
   * released and the waitlist moves up. False when no reply was held.
   */
  async function settleHeld(tx: Tx, event: rsvpRepo.LockedEvent, childId: number, approve: boolean) {
    const now = deps.now();
    const owing = approve && (await holds.heldAmong(tx, event, [childId])).length > 0;
    const status = !approve ? 'not_attending' : owing ? 'awaiting_payment' : 'attending';
    const held = await rsvpRepo.settleHeldReply(tx, event.id, childId, status, now, owing ? holds.until(now) : null);
    if (held && !approve && event.capacity !== null) await fillSpots(tx, event);
    return held;
  }

  /** Releases these minors' held spots (their slips ran out) and lets the waitlist move up; the caller holds the lock. */
  async function releaseHeld(tx: Tx, event: rsvpRepo.LockedEvent, childIds: number[]): Promise<void> {
    await rsvpRepo.releaseHeldReplies(tx, event.id, childIds, deps.now());
    if (event.capacity !== null) await fillSpots(tx, event);
  }

  /**
   * Releases the places held for a payment past their deadline, event by event under its lock (so however many
   * instances sweep at once, each place is released once and the waitlist moves up once), and records each.
   * Answers the number released.
   */
  async function expirePaymentHolds(): Promise<number> {
    let released = 0;
    for (const eventId of await holdsRepo.eventsWithExpiredHolds(prisma, deps.now())) {
      const count = await rsvpRepo.withEventLocked(prisma, queue, eventId, async (tx, event) => {
        const userIds = await holdsRepo.releaseExpiredHolds(tx, eventId, deps.now());
        if (!userIds.length) return 0;
        if (event.capacity !== null) await fillSpots(tx, event);
        // Each member (and a minor's guardians, in copy) is told in their language that the place went.
        await deps.notifications.paymentHoldExpired(eventId, userIds, tx);
        await recordAudits(
          tx,
          userIds.map((userId) => ({
            actorId: null,
            action: 'payment.hold_expired' as const,
            subject: { type: 'payment', id: `${eventId}:${userId}` },
            details: { eventId, userId },
          })),
        );
        return userIds.length;
      });
      released += count ?? 0;
    }
    return released;
  }

  /** A place held for payment is paid: the member attends (the caller holds the event's lock). */
  const confirmPaid = (tx: Tx, eventId: number, userId: number) =>
    holdsRepo.confirmPaidReply(tx, eventId, userId, deps.now());

  /** The member's reply as the answer to a request shows it (inside the caller's transaction). */
  async function replyOf(tx: Tx, event: rsvpRepo.LockedEvent, userId: number): Promise<AttendResponse> {
    const outcome = await rsvpRepo.replyOutcome(tx, event.id, userId);
    return toResponse({ ...outcome, capacity: event.capacity });
  }

  return {
    setAttendance,
    replierFor,
    getAttendance,
    attendees: createAttendeeList(deps, access, minors, payments),
    fillSpots,
    promoteFreedSpots,
    withEventLocked,
    settleHeld,
    releaseHeld,
    confirmPaid,
    expirePaymentHolds,
    replyOf,
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
