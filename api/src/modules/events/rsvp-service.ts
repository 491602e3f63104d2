// RSVP use cases: replying with capacity, waitlist, maybe and guests; promotion from the waitlist;
// the attendee list with its privacy rule. Every change runs under the event's row lock (rsvp-repository.ts).
import { RSVP_LIMITS, type PermissionSlipStatus } from '../../../../shared/constants';
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { byShownName } from '../../../../shared/minor-names';
import type { AttendInput } from '../../../../shared/schemas';
import type { AttendanceResponse, Attendee, AttendResponse } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import * as attendanceRepo from './attendance-repository';
import { mayManage, type EventAccess } from './event-access';
import type { Tx } from './events-repository';
import * as rsvpRepo from './rsvp-repository';
import { createEventQueue } from './event-queue';
import { partiesToPromote, peopleIn, planReply, spotsLeft, type PlannedReply, type Reply } from './rsvp-rules';
import type { Viewer } from '../users/viewer';
import { findActiveAccount } from '../users/users-repository';
import { recordAudit } from '../audit/audit-repository';
import { awaitsVerification, findBirthDate, isGuardianOf } from '../minors/minors-repository';
import * as slipsRepo from '../minors/permission-slips-repository';
import { queueSlipOutcome } from '../notifications/slip-messages';
import { createSlipHolds, type SlipHolds } from './permission-slips';
import type { RegistrationAnswers } from './registration-answers';

interface Promotion {
  now: Date;
  /** Told by the answer to their own request, so not by a message. */
  actorId?: number | null;
  /** People attending now, when the caller knows it. */
  people?: number;
  /** Queues the promoted members' notifications in this transaction. */
  tell: (eventId: number, userIds: number[]) => Promise<void>;
  /** Minors promoted on an event that needs a guardian's approval hold the spot until a guardian answers. */
  approvals: SlipHolds;
}

/**
 * Promotes the waitlisted parties that now fit, in waitlist order, and tells them on their channels (in this
 * transaction, through the outbox). The caller holds the event's row lock. Answers the promoted ids.
 */
export async function promoteIntoFreeSpots(
  tx: Tx,
  event: { id: number; capacity: number | null },
  { now, actorId = null, people, tell, approvals }: Promotion,
): Promise<number[]> {
  const attending = people ?? (await rsvpRepo.attendingPeople(tx, event.id));
  const free = event.capacity === null ? null : event.capacity - attending;
  if (free !== null && free <= 0) return [];
  const waiting = await rsvpRepo.waitingParties(tx, event.id, free);
  const promoted = partiesToPromote({ capacity: event.capacity, attendingPeople: attending }, waiting).map(
    (party) => party.userId,
  );
  const held = await approvals.awaitingAmong(tx, event.id, promoted);
  const admitted = promoted.filter((id) => !held.includes(id));
  await rsvpRepo.promote(tx, event.id, admitted, now);
  await rsvpRepo.promote(tx, event.id, held, now, 'awaiting_guardian');
  // Their guardians are asked; the minor hears when a guardian answers.
  await approvals.ask(tx, event.id, held);
  const toTell = admitted.filter((id) => id !== actorId);
  if (toTell.length) await tell(event.id, toTell);
  return promoted;
}

/**
 * Takes back every reply of a member whose account is being erased (or, with `only`, those it names: a withdrawn
 * consent takes back a child's upcoming ones), as if they had cancelled each one: under
 * each event's row lock (taken in event order, so two erasures cannot deadlock), the reply goes (the count
 * triggers give its places back and the calendar triggers record the cancellation) and the waitlist moves up.
 * Runs inside the caller's transaction, so the erasure and the promotions commit together.
 */
export async function releaseAllReplies(
  tx: Tx,
  userId: number,
  options: Pick<Promotion, 'now' | 'tell' | 'approvals'> & { only?: rsvpRepo.RepliesFilter },
): Promise<void> {
  for (const event of await rsvpRepo.lockEventsRepliedBy(tx, userId, options.only)) {
    await rsvpRepo.deleteReply(tx, event.id, userId, options.only?.statuses);
    if (event.capacity !== null) await promoteIntoFreeSpots(tx, event, options);
  }
}

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

/** Whose reply a request changes: the member's own, or their child's when a guardian replies for them. */
interface Replier {
  id: number;
  /** The member as the event's visibility sees them. */
  member: Viewer;
  /** The guardian replying for the child; null when the member replies themself. */
  guardianId: number | null;
}

export function createRsvpService(
  deps: Pick<AppDeps, 'config' | 'notifications' | 'now' | 'prisma'>,
  access: EventAccess,
  minors: MinorsService,
  answers: RegistrationAnswers,
) {
  const { prisma } = deps;
  // Built once with the service, so the system it belongs to owns its queues.
  const queue = createEventQueue();
  const approvals = createSlipHolds(deps);

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
      tell: (eventId, userIds) => deps.notifications.promoted(eventId, userIds, tx),
      approvals,
    });

  /** The organiser's opt-in digest: one queued message at a time, at most one an hour (RSVPs meanwhile join it). */
  async function queueDigest(tx: Tx, event: rsvpRepo.LockedEvent, now: Date): Promise<void> {
    if (!event.rsvpDigest) return;
    const due = event.rsvpDigestDueAt?.getTime() ?? null;
    if (due !== null && due > now.getTime()) return;
    const dueAt = new Date(Math.max(now.getTime(), due === null ? 0 : due + RSVP_LIMITS.digestIntervalMs));
    await deps.notifications.rsvpDigest(event.id, dueAt, tx);
  }

  /**
   * The member a reply is for: the viewer, or (forUserId) a child of theirs, who must be allowed to take part
   * (a guardian's consent) to reply attending or maybe. Anyone else's child, or a non-guardian: 403. A guardian
   * account replies only for a child: for itself it is 403 before the event is looked up, so an event it may
   * not see and one it may answer alike (no counts, no 404 to tell them apart).
   */
  async function replierFor(viewer: Viewer, input: Pick<AttendInput, 'status' | 'forUserId'>): Promise<Replier> {
    if (input.forUserId === undefined || input.forUserId === viewer.id) {
      if (viewer.role === 'guardian') throw forbidden(MSG.guardianAccountOnly);
      return { id: viewer.id, member: viewer, guardianId: null };
    }
    const childId = input.forUserId;
    const child = (await isGuardianOf(prisma, viewer.id, childId)) ? await findActiveAccount(prisma, childId) : null;
    if (!child) {
      // An emailed consent a leader has not confirmed yet gives no say over the child.
      if (await awaitsVerification(prisma, viewer.id, childId)) throw conflict(MSG.guardianAwaitingVerification);
      throw forbidden(MSG.notGuardianOf);
    }
    if (input.status !== 'not_attending') await minors.assertMayTakePart(child);
    return { id: child.id, member: { id: child.id, isAdmin: child.isAdmin, role: child.role }, guardianId: viewer.id };
  }

  /** Whether the replier is a minor on an event that needs approval; null when the event does not need it. */
  async function approvalContext(tx: Tx, event: rsvpRepo.LockedEvent, replier: Replier) {
    if (!event.requiresGuardianApproval) return null;
    const birthDate = await findBirthDate(tx, replier.id);
    if (!minors.isMinorBy({ birthDate }, await minors.cutoff(tx))) return null;
    return { slip: await slipsRepo.slipStatusOf(tx, event.id, replier.id) };
  }

  /**
   * The slip follows the reply: a spot newly held asks the guardians; a guardian's own 'attending' for their
   * child is their approval; a held spot given back withdraws the question (or, given back by a guardian, is
   * their decline). Audited and told like a decision on the guardian page.
   */
  async function settleSlip(
    tx: Tx,
    eventId: number,
    replier: Replier,
    current: Reply | null,
    plan: PlannedReply,
    wanted: AttendInput['status'],
    slipBefore: PermissionSlipStatus | null,
    now: Date,
  ): Promise<void> {
    const childId = replier.id;
    if (plan.status === 'awaiting_guardian') {
      if (current?.status !== 'awaiting_guardian') await approvals.ask(tx, eventId, [childId]);
      return;
    }
    const subject = { type: 'permission_slip', id: `${eventId}:${childId}` };
    if (replier.guardianId !== null && wanted === 'attending') {
      if (slipBefore === 'approved') return;
      await slipsRepo.recordApproval(tx, eventId, childId, now, replier.guardianId);
      await recordAudit(tx, {
        actorId: replier.guardianId,
        action: 'slip.approved',
        subject,
        details: { eventId, childId, by: 'reply' },
      });
      // Waitlisted, the approval waits for the promotion, which then needs no new one.
      if (plan.status === 'attending') await queueSlipOutcome(tx, deps, eventId, childId, 'approved', now);
      return;
    }
    if (current?.status !== 'awaiting_guardian') return;
    if (replier.guardianId === null) {
      await slipsRepo.withdrawPending(tx, eventId, childId);
      return;
    }
    if (await slipsRepo.decidePending(tx, eventId, childId, 'declined', now, replier.guardianId)) {
      await recordAudit(tx, {
        actorId: replier.guardianId,
        action: 'slip.declined',
        subject,
        details: { eventId, childId, by: 'reply' },
      });
    } else {
      await slipsRepo.withdrawPending(tx, eventId, childId);
    }
  }

  /**
   * POST /api/events/{id}/attend, for the member or (forUserId) by a guardian for their child. After rsvpClosesAt
   * only the creator and admins may change replies. The reply, its permission slip, the promotions it allows and
   * their notifications commit together.
   */
  async function setAttendance(viewer: Viewer, id: number, input: AttendInput): Promise<AttendResponse> {
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
        const plan = planReply(event, current, input.status, input.guests, needsApproval);
        await rsvpRepo.saveReply(tx, id, replier.id, plan, now);
        await checked.save(tx);
        if (approval) await settleSlip(tx, id, replier, current, plan, input.status, approval.slip, now);
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
   * Who replied. Organisers see everyone with check-in and reply times, and each member's age, guardian
   * consent, permission slip and photo consent. Other members see names, except of members who hid theirs
   * ('1 more member', no id or picture), listed last in their group so their place in the alphabet gives
   * nothing away; a minor by first name and last initial (minors-service: shownTo).
   */
  async function attendees(viewer: Viewer, id: number): Promise<Attendee[]> {
    const event = await access.visibleRecord(viewer, id);
    const rows = await attendanceRepo.listAttendees(prisma, id);
    if (mayManage(viewer, event)) {
      const [shown, facts] = await Promise.all([
        minors.shownTo(viewer, rows, true),
        minors.organiserFacts(
          rows.map((row) => row.id),
          id,
        ),
      ]);
      return shown.map(({ hidden, checkedInAt, respondedAt, ...entry }) => {
        const fact = facts.get(entry.id);
        return {
          ...entry,
          ...(hidden ? { hidden: true as const } : {}),
          checkedIn: checkedInAt !== null,
          respondedAt: respondedAt.toISOString(),
          isMinor: fact?.isMinor ?? false,
          guardianConsent: fact?.guardianConsent ?? 'not_needed',
          permissionSlip: fact?.permissionSlip ?? null,
          photoConsent: fact?.photoConsent ?? 'none',
        };
      });
    }
    // A place held for a guardian's approval is the organisers' business (and the member's own) until approved.
    const listed = rows.filter((row) => row.status !== 'awaiting_guardian' || row.id === viewer.id);
    const named = listed.map(({ hidden, checkedInAt: _c, respondedAt: _r, ...entry }): Attendee => {
      if (!hidden || entry.id === viewer.id) return entry;
      return { ...entry, id: null, name: MSG.hiddenAttendee, avatarUrl: null, hidden: true };
    });
    const shown = await minors.shownTo(viewer, named, false);
    // The waitlist keeps its order (a place reveals no name); elsewhere hidden ones go last, and the others go
    // by the names as shown here, so a minor's place among "Maria S…" says nothing of her surname.
    const rank = (entry: Attendee) =>
      attendanceRepo.STATUS_ORDER[entry.status] * 2 + (entry.id === null && entry.status !== 'waitlisted' ? 1 : 0);
    return shown.sort((a, b) => rank(a) - rank(b) || (a.status === 'waitlisted' ? 0 : byShownName(a, b)));
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
   * attending; declined, the spot is released and the waitlist moves up. False when no reply was held.
   */
  async function settleHeld(tx: Tx, event: rsvpRepo.LockedEvent, childId: number, approve: boolean) {
    const now = deps.now();
    const held = await rsvpRepo.settleHeldReply(tx, event.id, childId, approve ? 'attending' : 'not_attending', now);
    if (held && !approve && event.capacity !== null) await fillSpots(tx, event);
    return held;
  }

  /** Releases these minors' held spots (their slips ran out) and lets the waitlist move up; the caller holds the lock. */
  async function releaseHeld(tx: Tx, event: rsvpRepo.LockedEvent, childIds: number[]): Promise<void> {
    await rsvpRepo.releaseHeldReplies(tx, event.id, childIds, deps.now());
    if (event.capacity !== null) await fillSpots(tx, event);
  }

  /** The member's reply as the answer to a request shows it (inside the caller's transaction). */
  async function replyOf(tx: Tx, event: rsvpRepo.LockedEvent, userId: number): Promise<AttendResponse> {
    const outcome = await rsvpRepo.replyOutcome(tx, event.id, userId);
    return toResponse({ ...outcome, capacity: event.capacity });
  }

  /** Runs `work` under the event's row lock, in this service's queue (forUserId's reply read under it). */
  const withEventLocked = <T>(
    eventId: number,
    work: (tx: Tx, event: rsvpRepo.LockedEvent) => Promise<T>,
    forUserId?: number,
  ) => rsvpRepo.withEventLocked(prisma, queue, eventId, work, forUserId);

  return {
    setAttendance,
    replierFor,
    getAttendance,
    attendees,
    fillSpots,
    promoteFreedSpots,
    withEventLocked,
    settleHeld,
    releaseHeld,
    replyOf,
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
