// RSVP writes under one lock discipline. Every change of a reply runs in one transaction that first
// locks the event's row (SELECT … FOR UPDATE): the replies of one event are changed one after another, so the
// counts, the waitlist order and the promotions each transaction reads are exact. Underneath, the database keeps
// events.attending_people from the rows (a trigger) and refuses any growth beyond capacity (another trigger):
// see prisma/migrations/20261123220000_rsvp_capacity. The statements are few on purpose: members replying to a
// popular event at once wait for the lock one after another, so each transaction's round trips add up.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { Prisma } from '../../db/database';
import type { EventQueue } from './event-queue';
import type { Tx } from './events-repository';
import type { PlannedReply, Reply, WaitingParty } from './rsvp-rules';

export interface LockedEvent {
  id: number;
  creatorId: number;
  isPublic: boolean;
  capacity: number | null;
  guestsAllowed: number;
  rsvpClosesAt: Date | null;
  attendingPeople: number;
  rsvpDigest: boolean;
  rsvpDigestDueAt: Date | null;
  requiresGuardianApproval: boolean;
  /** The fee (minor units; null: free) and whether 'attending' waits for the payment. */
  feeAmount: number | null;
  paymentMode: string;
  /** The reply of the member the lock was taken for (null: none yet). */
  reply: Reply | null;
}

interface LockedEventRow {
  id: number;
  creator_id: number;
  is_public: boolean;
  capacity: number | null;
  guests_allowed: number;
  rsvp_closes_at: Date | string | null;
  attending_people: number;
  rsvp_digest: boolean;
  rsvp_digest_due_at: Date | string | null;
  requires_guardian_approval: boolean;
  fee_amount: number | null;
  payment_mode: string;
  reply_status: StoredRsvpStatus | null;
  reply_guests: number | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** 200 members pressing at once wait their turn for the event's lock; the default 2 s / 5 s are too short. */
const LOCKED_TX_LIMITS = { maxWait: 60_000, timeout: 60_000 };

/** Locks the event's row for the rest of the transaction; reads what the RSVP rules need and `userId`'s reply. */
async function lockEvent(tx: Tx, eventId: number, userId: number): Promise<LockedEvent | null> {
  const [row] = await tx.$queryRaw<LockedEventRow[]>`
    SELECT e.id, e.creator_id, e.is_public, e.capacity, e.guests_allowed, e.rsvp_closes_at, e.attending_people,
           e.rsvp_digest, e.rsvp_digest_due_at, e.requires_guardian_approval, e.fee_amount, e.payment_mode,
           a.status::text AS reply_status, a.guests AS reply_guests
      FROM events e LEFT JOIN attendances a ON a.event_id = e.id AND a.user_id = ${userId}
     WHERE e.id = ${eventId}
       FOR UPDATE OF e`;
  if (!row) return null;
  return {
    id: row.id,
    creatorId: row.creator_id,
    isPublic: row.is_public,
    capacity: row.capacity,
    guestsAllowed: row.guests_allowed,
    rsvpClosesAt: dateOrNull(row.rsvp_closes_at),
    attendingPeople: Number(row.attending_people),
    rsvpDigest: row.rsvp_digest,
    rsvpDigestDueAt: dateOrNull(row.rsvp_digest_due_at),
    requiresGuardianApproval: row.requires_guardian_approval,
    feeAmount: row.fee_amount === null ? null : Number(row.fee_amount),
    paymentMode: row.payment_mode,
    reply: row.reply_status === null ? null : { status: row.reply_status, guests: Number(row.reply_guests) },
  };
}

/**
 * Runs `work` in one transaction holding the event's row lock (with `forUserId`'s reply read under it); null when
 * the event does not exist (any more). A domain error thrown by `work` rolls everything back.
 */
export function withEventLocked<T>(
  prisma: Prisma,
  queue: EventQueue,
  eventId: number,
  work: (tx: Tx, event: LockedEvent) => Promise<T>,
  forUserId = 0,
): Promise<T | null> {
  return queue(eventId, () =>
    prisma.$transaction(async (tx) => {
      const event = await lockEvent(tx, eventId, forUserId);
      return event ? work(tx, event) : null;
    }, LOCKED_TX_LIMITS),
  );
}

/** Which replies to take back: only these statuses, only to events starting after `startsAfter`. */
export interface RepliesFilter {
  statuses: StoredRsvpStatus[];
  startsAfter: Date;
}

/**
 * Locks, in id order, every event `userId` has a reply to (one that `only` matches, when given); answers what
 * promotion needs of each.
 */
export async function lockEventsRepliedBy(
  tx: Tx,
  userId: number,
  only?: RepliesFilter,
): Promise<Array<{ id: number; capacity: number | null }>> {
  const status = only ? PrismaTypes.sql`AND a.status::text = ANY(${only.statuses}::text[])` : PrismaTypes.empty;
  const upcoming = only ? PrismaTypes.sql`AND e.date > ${only.startsAfter}` : PrismaTypes.empty;
  return tx.$queryRaw<Array<{ id: number; capacity: number | null }>>`
    SELECT e.id, e.capacity FROM events e
     WHERE e.id IN (SELECT a.event_id FROM attendances a WHERE a.user_id = ${userId} ${status}) ${upcoming}
     ORDER BY e.id
       FOR UPDATE OF e`;
}

/**
 * Removes the member's reply (the count and calendar triggers follow the deleted row); with `statuses`, only a
 * reply in one of them (read under the event's lock, so a reply changed meanwhile is left alone).
 */
export async function deleteReply(
  tx: Tx,
  eventId: number,
  userId: number,
  statuses?: StoredRsvpStatus[],
): Promise<void> {
  await tx.attendance.deleteMany({ where: { eventId, userId, ...(statuses ? { status: { in: statuses } } : {}) } });
}

/** The people attending as the database counts them now (after this transaction's own changes). */
export async function attendingPeople(tx: Tx, eventId: number): Promise<number> {
  const row = await tx.event.findUnique({ where: { id: eventId }, select: { attendingPeople: true } });
  return row?.attendingPeople ?? 0;
}

/**
 * Stores the planned reply in one statement. Joining the waitlist stamps the database's clock_timestamp()
 * (microseconds; under the event's lock, in the order of the transactions): the waitlist order. `block` puts a
 * sibling joining the waitlist into that together block (alignBlock then gives the block one place); a reply
 * that keeps its place keeps its block, any other leaves it.
 */
export async function saveReply(
  tx: Tx,
  eventId: number,
  userId: number,
  plan: PlannedReply,
  now: Date,
  block: string | null = null,
  paymentHoldUntil: Date | null = null,
) {
  // A place held for payment keeps its deadline when asked again; a new hold starts `paymentHoldUntil`.
  const hold =
    plan.status !== 'awaiting_payment'
      ? PrismaTypes.sql`NULL`
      : paymentHoldUntil
        ? PrismaTypes.sql`${paymentHoldUntil}`
        : PrismaTypes.sql`a.payment_hold_until`;
  const joined = plan.waitlist === 'join' ? PrismaTypes.sql`clock_timestamp()` : PrismaTypes.sql`NULL`;
  const waitlistedAt = plan.waitlist === 'keep' ? PrismaTypes.sql`a.waitlisted_at` : joined;
  const blockId = plan.waitlist === 'none' ? null : block;
  const togetherBlock =
    plan.waitlist === 'keep' ? PrismaTypes.sql`a.together_block` : PrismaTypes.sql`${blockId}::uuid`;
  await tx.$executeRaw`
    INSERT INTO attendances AS a (event_id, user_id, status, guests, responded_at, updated_at, waitlisted_at, together_block,
                                  payment_hold_until)
    VALUES (${eventId}, ${userId}, ${plan.status}::"AttendanceStatus", ${plan.guests}, ${now}, ${now}, ${joined}, ${blockId}::uuid,
            ${plan.status === 'awaiting_payment' ? paymentHoldUntil : null}::timestamptz)
    ON CONFLICT (event_id, user_id) DO UPDATE
       SET status = EXCLUDED.status, guests = EXCLUDED.guests, responded_at = EXCLUDED.responded_at,
           updated_at = EXCLUDED.updated_at, waitlisted_at = ${waitlistedAt}, together_block = ${togetherBlock},
           payment_hold_until = ${hold}`;
}

/** Gives every sibling of a together block the place of the first of them (their first join), so none waits apart. */
export async function alignBlock(tx: Tx, eventId: number, block: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE attendances SET waitlisted_at = (SELECT min(b.waitlisted_at) FROM attendances b
                                              WHERE b.event_id = ${eventId} AND b.together_block = ${block}::uuid)
     WHERE event_id = ${eventId} AND together_block = ${block}::uuid`;
}

/** Several members' replies to the event (read under its lock), with the together block each waits in. */
export async function repliesOf(
  tx: Tx,
  eventId: number,
  userIds: number[],
): Promise<Map<number, { reply: Reply; block: string | null }>> {
  const rows = await tx.attendance.findMany({
    where: { eventId, userId: { in: userIds } },
    select: { userId: true, status: true, guests: true, togetherBlock: true },
  });
  return new Map(
    rows.map((row) => [row.userId, { reply: { status: row.status, guests: row.guests }, block: row.togetherBlock }]),
  );
}

/**
 * Waitlisted parties of at most `maxParty` people, and every sibling waiting in a together block (a block is
 * judged whole), in waitlist order: the candidates for the free spots.
 */
export function waitingParties(tx: Tx, eventId: number, maxParty: number | null): Promise<WaitingParty[]> {
  const fitting =
    maxParty === null ? {} : { OR: [{ guests: { lte: maxParty - 1 } }, { togetherBlock: { not: null } }] };
  return tx.attendance.findMany({
    where: { eventId, status: 'waitlisted', ...fitting },
    orderBy: [{ waitlistedAt: 'asc' }, { id: 'asc' }],
    select: { userId: true, guests: true, togetherBlock: true },
  });
}

/**
 * Moves these members from the waitlist into a spot (the count trigger adds their parties): attending, or held
 * for a guardian's approval.
 */
export async function promote(
  tx: Tx,
  eventId: number,
  userIds: number[],
  now: Date,
  status: 'attending' | 'awaiting_guardian' | 'awaiting_payment' = 'attending',
  paymentHoldUntil: Date | null = null,
): Promise<void> {
  if (!userIds.length) return;
  await tx.attendance.updateMany({
    where: { eventId, userId: { in: userIds }, status: 'waitlisted' },
    data: { status, waitlistedAt: null, togetherBlock: null, respondedAt: now, paymentHoldUntil },
  });
}

/**
 * Settles a reply held for a guardian: approved, it becomes attending, or held for the payment until
 * `paymentHoldUntil` (the same people count); released, it becomes not attending (the count trigger gives the
 * spot back). True when the reply was held.
 */
export async function settleHeldReply(
  tx: Tx,
  eventId: number,
  userId: number,
  status: 'attending' | 'awaiting_payment' | 'not_attending',
  now: Date,
  paymentHoldUntil: Date | null = null,
): Promise<boolean> {
  const changed = await tx.attendance.updateMany({
    where: { eventId, userId, status: 'awaiting_guardian' },
    data: {
      status,
      ...(status === 'not_attending' ? { guests: 0 } : {}),
      paymentHoldUntil: status === 'awaiting_payment' ? paymentHoldUntil : null,
      updatedAt: now,
    },
  });
  return changed.count > 0;
}

/** Releases these members' held replies at once (their slips ran out); the count trigger gives the spots back. */
export async function releaseHeldReplies(tx: Tx, eventId: number, userIds: number[], now: Date): Promise<void> {
  if (!userIds.length) return;
  await tx.attendance.updateMany({
    where: { eventId, userId: { in: userIds }, status: 'awaiting_guardian' },
    data: { status: 'not_attending', guests: 0, updatedAt: now },
  });
}

export interface ReplyOutcome {
  reply: Reply | null;
  attendingPeople: number;
  waitlistCount: number;
  /** 1 for the next to be promoted; null when the member is not waitlisted. */
  waitlistPosition: number | null;
}

/** The member's reply as it stands, with the event's count, the waitlist's length and their place: one statement. */
export async function replyOutcome(db: Tx | Prisma, eventId: number, userId: number): Promise<ReplyOutcome> {
  const [row] = await db.$queryRaw<
    Array<{ status: StoredRsvpStatus | null; guests: number | null; people: number; waitlisted: number; ahead: number }>
  >`
    SELECT me.status::text AS status, me.guests, e.attending_people AS people, e.waitlist_count AS waitlisted,
      (SELECT count(*)::int FROM attendances w WHERE w.event_id = e.id AND w.status = 'waitlisted'
          AND (w.waitlisted_at, w.id) < (me.waitlisted_at, me.id)) AS ahead
      FROM events e LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = ${userId}
     WHERE e.id = ${eventId}`;
  return {
    reply: row?.status ? { status: row.status, guests: Number(row.guests) } : null,
    attendingPeople: Number(row?.people ?? 0),
    waitlistCount: Number(row?.waitlisted ?? 0),
    waitlistPosition: row?.status === 'waitlisted' ? Number(row.ahead) + 1 : null,
  };
}

/** Events where someone (or a whole together block) waits although spots are free for them (spots freed behind
 * the RSVP path). */
export async function eventsWithFreeSpotsAndWaitlist(prisma: Prisma): Promise<number[]> {
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT e.id FROM events e
     WHERE (e.capacity IS NULL OR e.attending_people < e.capacity)
       AND EXISTS (SELECT 1 FROM attendances a WHERE a.event_id = e.id AND a.status = 'waitlisted'
                    GROUP BY COALESCE(a.together_block::text, a.id::text)
                   HAVING e.capacity IS NULL OR sum(1 + a.guests) <= e.capacity - e.attending_people)
     ORDER BY e.id LIMIT 100`;
  return rows.map((row) => Number(row.id));
}

/**
 * Whether a notification's reply button should read 'Join the waitlist' for this Telegram chat: the event is full
 * and the member there neither attends nor waits already (someone promoted keeps 'I Will Attend').
 */
export async function offersWaitlist(prisma: Prisma, eventId: number, telegramChatId: string): Promise<boolean> {
  const rows = await prisma.$queryRaw<Array<{ offers: boolean }>>`
    SELECT (e.capacity IS NOT NULL AND e.attending_people >= e.capacity
            AND NOT EXISTS (SELECT 1 FROM attendances a JOIN users u ON u.id = a.user_id
                             WHERE a.event_id = e.id AND u.telegram_id = ${telegramChatId}
                               AND a.status IN ('attending', 'waitlisted'))) AS offers
      FROM events e WHERE e.id = ${eventId}`;
  return rows[0]?.offers === true;
}
