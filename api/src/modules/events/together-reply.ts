// A guardian's reply for several of their children at once (forUserIds): each child's reply as the single reply
// would make it, in one transaction under the event's lock; with `together`, 'attending' places all of them or
// none, and those who find no place wait as one block that is promoted whole (rsvp-rules.ts: planTogether,
// partiesToPromote). Consent, permission slips and registration answers apply to each child as to one.
import { randomUUID } from 'node:crypto';
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { SiblingsReplyInput, SiblingsReplyResponse } from '../../../../shared/siblings';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../users/viewer';
import { mayManage, type EventAccess } from './event-access';
import type { Tx } from './events-repository';
import type { PaymentHolds } from './payment-holds';
import type { PaymentPort } from './payment-port';
import type { CheckedAnswers, RegistrationAnswers } from './registration-answers';
import type { Replier, Repliers } from './replier';
import * as rsvpRepo from './rsvp-repository';
import { peopleIn, planReply, planTogether, spotsLeft, type PlannedReply, type Reply } from './rsvp-rules';

export interface SiblingsReplyParts {
  deps: Pick<AppDeps, 'now'>;
  access: EventAccess;
  repliers: Repliers;
  answers: RegistrationAnswers;
  withEventLocked: <T>(eventId: number, work: (tx: Tx, event: rsvpRepo.LockedEvent) => Promise<T>) => Promise<T | null>;
  fillSpots: (tx: Tx, event: { id: number; capacity: number | null }) => Promise<number[]>;
  queueDigest: (tx: Tx, event: rsvpRepo.LockedEvent, now: Date) => Promise<void>;
  /** Children taking a place at an event whose fee is paid to confirm hold it until it is paid. */
  holds: PaymentHolds;
  /** A child who gave up their place (refunded when it was in time). */
  left: PaymentPort['left'];
}

export function createSiblingsReply({
  deps,
  access,
  repliers,
  answers,
  withEventLocked,
  fillSpots,
  queueDigest,
  holds,
  left,
}: SiblingsReplyParts) {
  /**
   * Each sibling's plan: all or none with `together` and 'attending', else one after another as single replies.
   * `owing[i]`: the sibling's place, taken now, waits for their payment.
   */
  function plansFor(
    event: rsvpRepo.LockedEvent,
    input: SiblingsReplyInput,
    stored: Array<{ reply: Reply; block: string | null } | undefined>,
    owing: boolean[],
  ): { plans: PlannedReply[]; block: string | null } {
    if (input.together && input.status === 'attending') {
      // A guardian's 'attending' is their approval of the slip: no sibling's spot is held for one.
      const siblings = stored.map((row, index) => ({
        current: row?.reply ?? null,
        block: row?.block ?? null,
        needsApproval: false,
        needsPayment: owing[index] === true,
      }));
      const planned = planTogether(event, siblings, input.guests);
      return { plans: planned.plans, block: planned.block === 'new' ? randomUUID() : planned.block };
    }
    let seats = event;
    const plans = stored.map((row, index) => {
      const current = row?.reply ?? null;
      const plan = planReply(seats, current, input.status, input.guests, false, owing[index] === true);
      seats = { ...seats, attendingPeople: seats.attendingPeople - peopleIn(current) + peopleIn(plan) };
      return plan;
    });
    return { plans, block: null };
  }

  /**
   * POST /api/events/{id}/attend with forUserIds. Every child named must be the viewer's own (403 for any other,
   * before the event is looked up, like forUserId) and see the event; their answers are judged before the lock.
   * The replies, slips, answers, promotions and notifications commit together, or nothing does.
   */
  return async function replyForSiblings(
    viewer: Viewer,
    id: number,
    input: SiblingsReplyInput,
  ): Promise<SiblingsReplyResponse> {
    const children: Replier[] = [];
    for (const childId of input.forUserIds) {
      if (childId === viewer.id) throw forbidden(MSG.notGuardianOf);
      children.push(await repliers.replierFor(viewer, { status: input.status, forUserId: childId }));
    }
    for (const child of children) await access.visibleRecord(child.member, id);
    const checked: CheckedAnswers[] = [];
    for (const child of children) {
      const own = input.answersFor?.[String(child.id)];
      const given = input.answers || own ? { ...input.answers, ...own } : undefined;
      checked.push(await answers.check(id, child.id, input.status, given));
    }
    const result = await withEventLocked(id, async (tx, event) => {
      const now = deps.now();
      if (event.rsvpClosesAt && event.rsvpClosesAt <= now && !mayManage(viewer, event)) {
        throw conflict(MSG.rsvpClosed);
      }
      const ids = children.map((child) => child.id);
      const replies = await rsvpRepo.repliesOf(tx, id, ids);
      const stored = ids.map((childId) => replies.get(childId));
      const held = input.status === 'attending' ? await holds.heldAmong(tx, event, ids) : [];
      const { plans, block } = plansFor(
        event,
        input,
        stored,
        ids.map((childId) => held.includes(childId)),
      );
      let changed = false;
      for (const [index, child] of children.entries()) {
        const current = stored[index]?.reply ?? null;
        const plan = plans[index]!;
        const approval = await repliers.approvalContext(tx, event, child);
        const newHold = plan.status === 'awaiting_payment' && current?.status !== 'awaiting_payment';
        await rsvpRepo.saveReply(tx, id, child.id, plan, now, block, newHold ? holds.until(now) : null);
        await checked[index]!.save(tx);
        if (approval) await repliers.settleSlip(tx, id, child, current, plan, input.status, approval.slip, now);
        // Giving up a place may refund what was paid for it, as for a single reply.
        if (peopleIn(current) > 0 && peopleIn(plan) === 0) await left(tx, id, child.id);
        const differs = current?.status !== plan.status || current.guests !== plan.guests;
        if (differs && child.id !== event.creatorId) changed = true;
      }
      if (block) await rsvpRepo.alignBlock(tx, id, block);
      if (event.capacity !== null) await fillSpots(tx, event);
      if (changed) await queueDigest(tx, event, now);
      const outcomes = [];
      for (const childId of ids) outcomes.push(await rsvpRepo.replyOutcome(tx, id, childId));
      return { outcomes, capacity: event.capacity };
    });
    if (!result) throw notFound(MSG.eventNotFound);
    const last = result.outcomes.at(-1)!;
    return {
      replies: result.outcomes.map((outcome, index) => ({
        userId: children[index]!.id,
        status: outcome.reply?.status ?? 'not_attending',
        guests: outcome.reply?.guests ?? 0,
        ...(outcome.waitlistPosition === null ? {} : { waitlistPosition: outcome.waitlistPosition }),
      })),
      together: input.together === true,
      attendingCount: last.attendingPeople,
      spotsLeft: spotsLeft({ capacity: result.capacity, attendingPeople: last.attendingPeople }),
      waitlistCount: last.waitlistCount,
    };
  };
}
