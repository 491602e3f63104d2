// Places held for a payment (awaiting_payment): which events hold them, releasing those past their deadline,
// and confirming a paid one. Under the event's row lock, like every RSVP write (rsvp-repository.ts).
import type { Prisma } from '../../db/database';
import type { Tx } from './events-repository';

/** Whether 'attending' to the event waits for a payment (a fee, paid to confirm). */
export async function paysToConfirm(tx: Tx, eventId: number): Promise<boolean> {
  const row = await tx.event.findUnique({ where: { id: eventId }, select: { feeAmount: true, paymentMode: true } });
  return row !== null && row.feeAmount !== null && row.paymentMode === 'pay_to_confirm';
}

/** Events with places held for a payment past their deadline. */
export async function eventsWithExpiredHolds(prisma: Prisma, now: Date): Promise<number[]> {
  const rows = await prisma.attendance.findMany({
    where: { status: 'awaiting_payment', paymentHoldUntil: { lte: now } },
    distinct: ['eventId'],
    select: { eventId: true },
    orderBy: { eventId: 'asc' },
    take: 100,
  });
  return rows.map((row) => row.eventId);
}

/**
 * Releases the event's places held for a payment past their deadline (under the event's lock: one release each,
 * whoever sweeps); the count trigger gives the spots back. Answers the members released.
 */
export async function releaseExpiredHolds(tx: Tx, eventId: number, now: Date): Promise<number[]> {
  const rows = await tx.$queryRaw<Array<{ user_id: number }>>`
    UPDATE attendances SET status = 'not_attending', guests = 0, payment_hold_until = NULL, updated_at = ${now}
     WHERE event_id = ${eventId} AND status = 'awaiting_payment' AND payment_hold_until <= ${now}
    RETURNING user_id`;
  return rows.map((row) => Number(row.user_id));
}

/** A place held for payment becomes attending (the same people count). True when the reply was held. */
export async function confirmPaidReply(tx: Tx, eventId: number, userId: number, now: Date): Promise<boolean> {
  const changed = await tx.attendance.updateMany({
    where: { eventId, userId, status: 'awaiting_payment' },
    data: { status: 'attending', paymentHoldUntil: null, updatedAt: now },
  });
  return changed.count > 0;
}
