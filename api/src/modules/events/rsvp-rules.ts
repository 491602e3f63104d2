// The RSVP rules as pure functions: what a reply becomes on an event with a capacity, and which
// waitlisted parties a freed spot goes to. No database here; rsvp-repository.ts applies the outcome under the
// event's row lock, and the database refuses any over-booking whatever the code decides.
import type { RsvpStatus, StoredRsvpStatus } from '../../../../shared/constants';
import { conflict, invalid } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';

export interface EventSeats {
  /** People who may attend; null: no limit. */
  capacity: number | null;
  guestsAllowed: number;
  /** People attending now (members and guests). */
  attendingPeople: number;
}

export interface Reply {
  status: StoredRsvpStatus;
  guests: number;
}

/** What to store: the status, the guests, and what happens to the member's place on the waitlist. */
export interface PlannedReply {
  status: StoredRsvpStatus;
  guests: number;
  /** 'join': at the end of the waitlist now; 'keep': the place they had; 'none': not on the waitlist. */
  waitlist: 'join' | 'keep' | 'none';
}

const party = (guests: number) => 1 + guests;

/** Replies that hold a spot: attending, awaiting a guardian's approval or a payment (the kept-count trigger agrees). */
const holdsSpot = (reply: Reply | null): boolean =>
  reply?.status === 'attending' || reply?.status === 'awaiting_guardian' || reply?.status === 'awaiting_payment';

/** The people a reply puts among those attending: the member and their guests, or nobody. */
export const peopleIn = (reply: Reply | null) => (reply && holdsSpot(reply) ? party(reply.guests) : 0);

/** Spots still free: capacity − people attending, never below 0; null without a capacity. */
export const spotsLeft = (event: Pick<EventSeats, 'capacity' | 'attendingPeople'>): number | null =>
  event.capacity === null ? null : Math.max(0, event.capacity - event.attendingPeople);

/**
 * The reply `status` (with `guests`, or the guests the member had) becomes, given the event and the member's
 * current reply. 'attending' on a full event waitlists the whole party. A member already attending who asks for
 * more guests than there are spots keeps their spot as it was (refused), rather than losing it to the waitlist.
 * With `needsApproval` (a minor on an event that needs a guardian's approval) a spot taken now is held as
 * 'awaiting_guardian'; a reply already held stays held, and one already attending stays attending. With
 * `needsPayment` (a fee paid to confirm, not paid yet) a spot taken now is held as 'awaiting_payment' the same way.
 */
export function planReply(
  event: EventSeats,
  current: Reply | null,
  status: RsvpStatus,
  requestedGuests: number | undefined,
  needsApproval = false,
  needsPayment = false,
): PlannedReply {
  if (status !== 'attending') return { status, guests: 0, waitlist: 'none' };
  if (requestedGuests !== undefined && requestedGuests > event.guestsAllowed) {
    throw invalid(MSG.tooManyGuests({ allowed: event.guestsAllowed }));
  }
  const holding = holdsSpot(current) || current?.status === 'waitlisted';
  // Left out: the guests they had (an event's lowered limit does not take guests away from a party).
  const guests = requestedGuests ?? (holding ? current!.guests : 0);
  const taken = needsApproval ? 'awaiting_guardian' : needsPayment ? 'awaiting_payment' : 'attending';

  if (current && holdsSpot(current)) {
    const others = event.attendingPeople - party(current.guests);
    if (event.capacity !== null && others + party(guests) > event.capacity) {
      throw conflict(MSG.notEnoughSpots({ spotsLeft: Math.max(0, event.capacity - event.attendingPeople) }));
    }
    return { status: current.status === 'attending' ? 'attending' : taken, guests, waitlist: 'none' };
  }
  // Already waiting: the place is kept; the promotion pass that follows takes them if they now fit.
  if (current?.status === 'waitlisted') return { status: 'waitlisted', guests, waitlist: 'keep' };
  const fits = event.capacity === null || event.attendingPeople + party(guests) <= event.capacity;
  return fits ? { status: taken, guests, waitlist: 'none' } : { status: 'waitlisted', guests, waitlist: 'join' };
}

export interface WaitingParty {
  userId: number;
  guests: number;
  /** Siblings waiting together share it: promoted all at once or not at all. */
  togetherBlock: string | null;
}

/**
 * The parties to promote, in waitlist order: each that fits in the spots left after those before it (a
 * party too big to fit does not hold up smaller ones behind it). Siblings waiting together count as one party
 * of all their people, in the place of the first of them: the whole block fits or none of it moves.
 */
export function partiesToPromote(event: Pick<EventSeats, 'capacity' | 'attendingPeople'>, waiting: WaitingParty[]) {
  if (event.capacity === null) return waiting;
  const units: WaitingParty[][] = [];
  const blocks = new Map<string, WaitingParty[]>();
  for (const candidate of waiting) {
    const block = candidate.togetherBlock === null ? undefined : blocks.get(candidate.togetherBlock);
    if (block) {
      block.push(candidate);
      continue;
    }
    const unit = [candidate];
    if (candidate.togetherBlock !== null) blocks.set(candidate.togetherBlock, unit);
    units.push(unit);
  }
  let free = event.capacity - event.attendingPeople;
  const promoted: WaitingParty[] = [];
  for (const unit of units) {
    if (free <= 0) break;
    const people = unit.reduce((sum, member) => sum + party(member.guests), 0);
    if (people > free) continue;
    promoted.push(...unit);
    free -= people;
  }
  return promoted;
}

/** A sibling of a together reply: their reply now, their block if they wait in one, and whether a spot taken now
 * would be held for a guardian's approval or for their payment. */
export interface Sibling {
  current: Reply | null;
  block: string | null;
  needsApproval: boolean;
  needsPayment?: boolean;
}

/**
 * 'attending' for several siblings at once, all or none: those already holding a spot keep it (with the guests
 * asked, as planReply), and the others take spots only if there are spots for all of them; otherwise they join
 * the end of the waitlist as one block. `block`: null when nobody waits; 'new' for a new block; or the block
 * they all already wait in (asked again, they keep its place). Plans in the siblings' order.
 */
export function planTogether(
  event: EventSeats,
  siblings: Sibling[],
  requestedGuests: number | undefined,
): { plans: PlannedReply[]; block: string | null } {
  if (requestedGuests !== undefined && requestedGuests > event.guestsAllowed) {
    throw invalid(MSG.tooManyGuests({ allowed: event.guestsAllowed }));
  }
  let seats = { ...event };
  const kept = siblings.map(({ current, needsApproval, needsPayment }) => {
    if (!holdsSpot(current)) return null;
    const plan = planReply(seats, current, 'attending', requestedGuests, needsApproval, needsPayment);
    seats = { ...seats, attendingPeople: seats.attendingPeople - peopleIn(current) + peopleIn(plan) };
    return plan;
  });
  const guestsOf = (current: Reply | null) =>
    requestedGuests ?? (current?.status === 'waitlisted' ? current.guests : 0);
  const placing = siblings.filter((_sibling, index) => !kept[index]);
  const needed = placing.reduce((sum, sibling) => sum + party(guestsOf(sibling.current)), 0);
  const fits = seats.capacity === null || seats.attendingPeople + needed <= seats.capacity;
  const first = placing[0]?.block ?? null;
  const already =
    first !== null && placing.every((sibling) => sibling.current?.status === 'waitlisted' && sibling.block === first);
  const plans = siblings.map(({ current, needsApproval, needsPayment }, index): PlannedReply => {
    const plan = kept[index];
    if (plan) return plan;
    const guests = guestsOf(current);
    const taken = needsApproval ? 'awaiting_guardian' : needsPayment ? 'awaiting_payment' : 'attending';
    if (fits) return { status: taken, guests, waitlist: 'none' };
    return { status: 'waitlisted', guests, waitlist: already ? 'keep' : 'join' };
  });
  return { plans, block: fits || !placing.length ? null : already ? first : 'new' };
}
