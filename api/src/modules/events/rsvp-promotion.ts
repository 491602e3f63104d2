// Promotion from the waitlist: the parties (and sibling blocks) that now fit move into the free spots, in waitlist
// order, and are told through the outbox in the same transaction. Used by every path that frees spots: a reply, an
// edit of the capacity, a held spot given back, an erased account, a withdrawn consent.
import type { Tx } from './events-repository';
import type { PaymentHolds } from './payment-holds';
import type { SlipHolds } from './permission-slips';
import * as rsvpRepo from './rsvp-repository';
import { partiesToPromote } from './rsvp-rules';

export interface Promotion {
  now: Date;
  /** Told by the answer to their own request, so not by a message. */
  actorId?: number | null;
  /** People attending now, when the caller knows it. */
  people?: number;
  /**
   * Queues the promoted members' notifications in this transaction: `heldUntil` null for those who attend, the
   * hold's deadline for those whose place waits for their payment (they are told to pay by then).
   */
  tell: (eventId: number, userIds: number[], heldUntil: Date | null) => Promise<void>;
  /** Minors promoted on an event that needs a guardian's approval hold the spot until a guardian answers. */
  approvals: SlipHolds;
  /** On an event whose fee is paid to confirm, those promoted who have not paid hold the spot until they pay. */
  payments: PaymentHolds;
}

/**
 * Promotes the waitlisted parties that now fit, in waitlist order, and tells them on their channels (in this
 * transaction, through the outbox). The caller holds the event's row lock. Answers the promoted ids.
 */
export async function promoteIntoFreeSpots(
  tx: Tx,
  event: { id: number; capacity: number | null },
  { now, actorId = null, people, tell, approvals, payments }: Promotion,
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
  // On a pay-to-confirm event the place is theirs once paid: held for the payment, and told until when.
  const owing = await payments.heldAmong(tx, event, admitted);
  const confirmed = admitted.filter((id) => !owing.includes(id));
  const heldUntil = payments.until(now);
  await rsvpRepo.promote(tx, event.id, confirmed, now);
  await rsvpRepo.promote(tx, event.id, owing, now, 'awaiting_payment', heldUntil);
  await rsvpRepo.promote(tx, event.id, held, now, 'awaiting_guardian');
  // Their guardians are asked; the minor hears when a guardian answers.
  await approvals.ask(tx, event.id, held);
  const toTell = (ids: number[]) => ids.filter((id) => id !== actorId);
  if (toTell(confirmed).length) await tell(event.id, toTell(confirmed), null);
  if (toTell(owing).length) await tell(event.id, toTell(owing), heldUntil);
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
  options: Pick<Promotion, 'now' | 'tell' | 'approvals' | 'payments'> & { only?: rsvpRepo.RepliesFilter },
): Promise<void> {
  for (const event of await rsvpRepo.lockEventsRepliedBy(tx, userId, options.only)) {
    await rsvpRepo.deleteReply(tx, event.id, userId, options.only?.statuses);
    if (event.capacity !== null) await promoteIntoFreeSpots(tx, event, options);
  }
}
