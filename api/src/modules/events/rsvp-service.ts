// RSVP use cases: replying with capacity, waitlist, maybe and guests; promotion from the waitlist;
// the attendee list with its privacy rule. Every change runs under the event's row lock (rsvp-repository.ts).
import { RSVP_LIMITS } from '../../../../shared/constants';
import { conflict, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AttendInput } from '../../../../shared/schemas';
import type { AttendanceResponse, Attendee, AttendResponse } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import * as attendanceRepo from './attendance-repository';
import { mayManage, type EventAccess } from './event-access';
import type { Tx } from './events-repository';
import * as rsvpRepo from './rsvp-repository';
import { createEventQueue } from './event-queue';
import { partiesToPromote, peopleIn, planReply, spotsLeft } from './rsvp-rules';
import type { Viewer } from '../users/viewer';

interface Promotion {
  now: Date;
  /** Told by the answer to their own request, so not by a message. */
  actorId?: number | null;
  /** People attending now, when the caller knows it. */
  people?: number;
  /** Queues the promoted members' notifications in this transaction. */
  tell: (eventId: number, userIds: number[]) => Promise<void>;
}

/**
 * Promotes the waitlisted parties that now fit, in waitlist order, and tells them on their channels (in this
 * transaction, through the outbox). The caller holds the event's row lock. Answers the promoted ids.
 */
export async function promoteIntoFreeSpots(
  tx: Tx,
  event: { id: number; capacity: number | null },
  { now, actorId = null, people, tell }: Promotion,
): Promise<number[]> {
  const attending = people ?? (await rsvpRepo.attendingPeople(tx, event.id));
  const free = event.capacity === null ? null : event.capacity - attending;
  if (free !== null && free <= 0) return [];
  const waiting = await rsvpRepo.waitingParties(tx, event.id, free);
  const promoted = partiesToPromote({ capacity: event.capacity, attendingPeople: attending }, waiting).map(
    (party) => party.userId,
  );
  await rsvpRepo.promote(tx, event.id, promoted, now);
  const toTell = promoted.filter((id) => id !== actorId);
  if (toTell.length) await tell(event.id, toTell);
  return promoted;
}

/**
 * Takes back every reply of a member whose account is being erased, as if they had cancelled each one: under
 * each event's row lock (taken in event order, so two erasures cannot deadlock), the reply goes (the count
 * triggers give its places back and the calendar triggers record the cancellation) and the waitlist moves up.
 * Runs inside the caller's transaction, so the erasure and the promotions commit together.
 */
export async function releaseAllReplies(
  tx: Tx,
  userId: number,
  options: Pick<Promotion, 'now' | 'tell'>,
): Promise<void> {
  for (const event of await rsvpRepo.lockEventsRepliedBy(tx, userId)) {
    await rsvpRepo.deleteReply(tx, event.id, userId);
    if (event.capacity !== null) await promoteIntoFreeSpots(tx, event, options);
  }
}

export function createRsvpService(
  deps: Pick<AppDeps, 'notifications' | 'now' | 'prisma'>,
  access: EventAccess,
  minors: MinorsService,
) {
  const { prisma } = deps;
  // Built once with the service, so the system it belongs to owns its queues.
  const queue = createEventQueue();

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
   * POST /api/events/{id}/attend. After rsvpClosesAt only the creator and admins may change replies. The reply,
   * the promotions it allows and their notifications commit together.
   */
  async function setAttendance(viewer: Viewer, id: number, input: AttendInput): Promise<AttendResponse> {
    await access.visibleRecord(viewer, id);
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
        const plan = planReply(event, current, input.status, input.guests);
        await rsvpRepo.saveReply(tx, id, viewer.id, plan, now);
        const people = event.attendingPeople - peopleIn(current) + peopleIn(plan);
        // Without a capacity nobody waits: an edit that removes the limit lets the whole waitlist in.
        if (event.capacity !== null) await fillSpots(tx, event, viewer.id, people);
        const changed = current?.status !== plan.status || current.guests !== plan.guests;
        if (changed && viewer.id !== event.creatorId) await queueDigest(tx, event, now);
        return { ...(await rsvpRepo.replyOutcome(tx, id, viewer.id)), capacity: event.capacity };
      },
      viewer.id,
    );
    if (!result) throw notFound(MSG.eventNotFound);
    return {
      status: result.reply?.status ?? 'not_attending',
      guests: result.reply?.guests ?? 0,
      ...(result.waitlistPosition === null ? {} : { waitlistPosition: result.waitlistPosition }),
      attendingCount: result.attendingPeople,
      spotsLeft: spotsLeft({ capacity: result.capacity, attendingPeople: result.attendingPeople }),
      waitlistCount: result.waitlistCount,
    };
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
    const named = rows.map(({ hidden, checkedInAt: _c, respondedAt: _r, ...entry }): Attendee => {
      if (!hidden || entry.id === viewer.id) return entry;
      return { ...entry, id: null, name: MSG.hiddenAttendee, avatarUrl: null, hidden: true };
    });
    const shown = await minors.shownTo(viewer, named, false);
    // Stable: the waitlist keeps its order (a place reveals no name); elsewhere hidden ones go last.
    const rank = (entry: Attendee) =>
      attendanceRepo.STATUS_ORDER[entry.status] * 2 + (entry.id === null && entry.status !== 'waitlisted' ? 1 : 0);
    return shown.sort((a, b) => rank(a) - rank(b));
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

  return { setAttendance, getAttendance, attendees, fillSpots, promoteFreedSpots };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
