// The payments table as online payments move it: pending while a Checkout Session is open, paid when Stripe says
// so, back to owed when the session expires unpaid. Every write runs under the event's row lock (the RSVP
// service's), so a payment and the place it confirms change together.
import type { Tx } from '../../events/events-repository';
import type { PaymentRow } from '../payments-repository';

interface Owed {
  eventId: number;
  eventName: string;
  userId: number;
  amount: number;
  currency: string;
  now: Date;
}

/** The member's payment is waiting on this Checkout Session (a newer session replaces an older one). */
export function markPending(tx: Tx, owed: Owed, sessionId: string): Promise<PaymentRow> {
  const { eventId, userId, now, ...fields } = owed;
  const data = {
    ...fields,
    status: 'pending',
    method: 'stripe',
    providerSessionId: sessionId,
    providerPaymentId: null,
    refundedAmount: 0,
    note: null,
    paidAt: null,
    recordedBy: null,
    updatedAt: now,
  };
  return tx.payment.upsert({
    where: { eventId_userId: { eventId, userId } },
    create: { eventId, userId, ...data, createdAt: now },
    update: data,
  });
}

/** Paid through Stripe: the payment intent is what a refund later names. */
export function markPaidOnline(
  tx: Tx,
  paid: Owed & { sessionId: string; paymentIntentId: string | null },
): Promise<PaymentRow> {
  const { eventId, userId, now, sessionId, paymentIntentId, ...fields } = paid;
  const data = {
    ...fields,
    status: 'paid',
    method: 'stripe',
    providerSessionId: sessionId,
    providerPaymentId: paymentIntentId,
    refundedAmount: 0,
    note: null,
    paidAt: now,
    recordedBy: null,
    updatedAt: now,
  };
  return tx.payment.upsert({
    where: { eventId_userId: { eventId, userId } },
    create: { eventId, userId, ...data, createdAt: now },
    update: data,
  });
}

/** A session that expired unpaid: the members it was for owe again (their holds keep their own deadline). */
export async function releasePending(tx: Tx, eventId: number, userIds: number[], sessionId: string, now: Date) {
  const released = await tx.payment.updateMany({
    where: { eventId, userId: { in: userIds }, status: 'pending', providerSessionId: sessionId },
    data: { status: 'owed', method: null, providerSessionId: null, updatedAt: now },
  });
  return released.count;
}

/** The payments one payment intent paid (a guardian's session pays for several children), locked, in id order. */
export async function lockPaidBy(tx: Tx, paymentIntentId: string): Promise<PaymentRow[]> {
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM payments WHERE provider_payment_id = ${paymentIntentId} ORDER BY id FOR UPDATE`;
  if (!rows.length) return [];
  return tx.payment.findMany({ where: { id: { in: rows.map((row) => row.id) } }, orderBy: { id: 'asc' } });
}

/** A place whose hold ran out before the payment came: booked again when a spot is free (the trigger counts it). */
export async function bookPaidPlace(tx: Tx, eventId: number, userId: number, now: Date): Promise<void> {
  await tx.attendance.upsert({
    where: { eventId_userId: { eventId, userId } },
    create: { eventId, userId, status: 'attending', guests: 0, respondedAt: now, updatedAt: now },
    update: {
      status: 'attending',
      guests: 0,
      paymentHoldUntil: null,
      waitlistedAt: null,
      togetherBlock: null,
      updatedAt: now,
    },
  });
}
