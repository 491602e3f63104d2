// The payments and payment_refunds tables, and what payments read of events and replies. Amounts are integers
// (minor units) in every statement: sums are bigint in SQL and read back as whole numbers.
import type { Payment } from '@prisma/client';
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { PaymentMethod, PaymentStatus } from '../../../../shared/types/payments';
import type { Prisma } from '../../db/database';
import type { Tx } from '../events/events-repository';

type Db = Prisma | Tx;

export type PaymentRow = Payment;

/** Replies that hold a place, and so owe the fee. */
export const OWING_REPLIES: readonly StoredRsvpStatus[] = ['attending', 'awaiting_payment'];

/** An event as payments need it: its fee, its mode, its name and start. */
export interface FeeEvent {
  id: number;
  name: string;
  date: Date;
  feeAmount: number | null;
  feeCurrency: string | null;
  paymentMode: string;
}

export const findFeeEvent = (db: Db, eventId: number): Promise<FeeEvent | null> =>
  db.event.findUnique({
    where: { id: eventId },
    select: { id: true, name: true, date: true, feeAmount: true, feeCurrency: true, paymentMode: true },
  });

export const findPayment = (db: Db, eventId: number, userId: number): Promise<PaymentRow | null> =>
  db.payment.findUnique({ where: { eventId_userId: { eventId, userId } } });

/** The member's reply to the event and, while held for payment, until when. */
export const findReply = (db: Db, eventId: number, userId: number) =>
  db.attendance.findUnique({
    where: { eventId_userId: { eventId, userId } },
    select: { status: true, paymentHoldUntil: true },
  });

/** The payments of these (event, member) pairs, in one statement. */
export function paymentsOfPairs(db: Db, pairs: ReadonlyArray<{ eventId: number; userId: number }>) {
  if (!pairs.length) return Promise.resolve([] as PaymentRow[]);
  return db.payment.findMany({ where: { OR: pairs.map(({ eventId, userId }) => ({ eventId, userId })) } });
}

export interface RecordedPayment {
  eventId: number;
  eventName: string;
  userId: number;
  status: Extract<PaymentStatus, 'paid' | 'waived'>;
  method: PaymentMethod;
  amount: number;
  currency: string;
  note: string | null;
  recordedBy: number | null;
  now: Date;
}

/** Records the member's payment (or waiver), replacing what was owed or refunded before. */
export function saveRecorded(tx: Tx, payment: RecordedPayment): Promise<PaymentRow> {
  const { eventId, userId, now, ...fields } = payment;
  const data = { ...fields, refundedAmount: 0, paidAt: now, updatedAt: now };
  return tx.payment.upsert({
    where: { eventId_userId: { eventId, userId } },
    create: { eventId, userId, ...data, createdAt: now },
    update: data,
  });
}

/** Takes a recorded payment back to owed (an organiser's mistake undone). */
export const setOwed = (tx: Tx, id: number, now: Date): Promise<PaymentRow> =>
  tx.payment.update({
    where: { id },
    data: { status: 'owed', method: null, note: null, paidAt: null, recordedBy: null, updatedAt: now },
  });

/** Locks the payment's row for the rest of the transaction (a refund decides on what it reads). */
export async function lockPayment(tx: Tx, id: number): Promise<PaymentRow | null> {
  const [row] = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM payments WHERE id = ${id} FOR UPDATE`;
  return row ? tx.payment.findUnique({ where: { id } }) : null;
}

export interface NewRefund {
  paymentId: number;
  amount: number;
  currency: string;
  reason: 'manual' | 'cancelled' | 'event_deleted';
  providerRefundId: string | null;
  recordedBy: number | null;
  now: Date;
}

/** Records a refund and adds it to the payment's refunded amount (refunded once nothing is left). */
export async function addRefund(tx: Tx, refund: NewRefund): Promise<PaymentRow> {
  const { now, ...data } = refund;
  await tx.paymentRefund.create({ data: { ...data, createdAt: now } });
  const payment = await tx.payment.update({
    where: { id: refund.paymentId },
    data: { refundedAmount: { increment: refund.amount }, updatedAt: now },
  });
  if (payment.refundedAmount < payment.amount) return payment;
  return tx.payment.update({ where: { id: payment.id }, data: { status: 'refunded' } });
}

/** Paid payments of events that no longer exist, with money left to give back. */
export async function paidForDeletedEvents(db: Db): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    SELECT p.id FROM payments p
     WHERE p.status = 'paid' AND p.refunded_amount < p.amount
       AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = p.event_id)
     ORDER BY p.id LIMIT 500`;
  return rows.map((row) => row.id);
}

/**
 * Each member's payment status for the event: their row's, or owed while their reply holds a place (also after a
 * full refund: who keeps their place owes again).
 */
export async function statusesOf(db: Db, eventId: number, userIds: number[]): Promise<Map<number, PaymentStatus>> {
  if (!userIds.length) return new Map();
  const [payments, replies] = await Promise.all([
    db.payment.findMany({ where: { eventId, userId: { in: userIds } }, select: { userId: true, status: true } }),
    db.attendance.findMany({
      where: { eventId, userId: { in: userIds }, status: { in: [...OWING_REPLIES] } },
      select: { userId: true },
    }),
  ]);
  const statuses = new Map<number, PaymentStatus>(replies.map((reply) => [reply.userId, 'owed']));
  for (const payment of payments) {
    if (payment.userId === null) continue;
    if (payment.status === 'refunded' && statuses.has(payment.userId)) continue;
    statuses.set(payment.userId, payment.status as PaymentStatus);
  }
  return statuses;
}

/**
 * The organisers' sums over the event's payments (counts of members, each in one of them; `total` kept money in
 * minor units). A member refunded in full who still holds a place counts as owed, not refunded.
 */
export async function totalsOf(db: Db, eventId: number) {
  const [row] = await db.$queryRaw<
    Array<{ paid: number; waived: number; refunded: number; owed: number; total: bigint | number | null }>
  >`
    SELECT count(*) FILTER (WHERE p.status = 'paid')::int AS paid,
           count(*) FILTER (WHERE p.status = 'waived')::int AS waived,
           count(*) FILTER (WHERE p.status = 'refunded' AND NOT EXISTS (
             SELECT 1 FROM attendances b WHERE b.event_id = p.event_id AND b.user_id = p.user_id
                AND b.status IN ('attending', 'awaiting_payment')))::int AS refunded,
           (SELECT count(*)::int FROM attendances a
             WHERE a.event_id = ${eventId} AND a.status IN ('attending', 'awaiting_payment')
               AND NOT EXISTS (SELECT 1 FROM payments q WHERE q.event_id = a.event_id AND q.user_id = a.user_id
                                 AND q.status NOT IN ('owed', 'refunded'))) AS owed,
           COALESCE(sum(p.amount - p.refunded_amount) FILTER (WHERE p.status IN ('paid', 'refunded')), 0) AS total
      FROM payments p WHERE p.event_id = ${eventId}`;
  return {
    paid: row?.paid ?? 0,
    owed: row?.owed ?? 0,
    waived: row?.waived ?? 0,
    refunded: row?.refunded ?? 0,
    total: Number(row?.total ?? 0),
  };
}

/** Of these members, those whose fee for the event is paid or waived. */
export async function settledAmong(db: Db, eventId: number, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db.payment.findMany({
    where: { eventId, userId: { in: userIds }, status: { in: ['paid', 'waived'] } },
    select: { userId: true },
  });
  return rows.flatMap((row) => (row.userId === null ? [] : [row.userId]));
}

export interface LedgerRow {
  kind: 'payment' | 'refund';
  id: number;
  at: Date;
  event_id: number;
  event_name: string;
  user_id: number | null;
  member_name: string | null;
  status: PaymentStatus | null;
  method: PaymentMethod | null;
  amount: number;
  currency: string;
  note: string | null;
  recorded_by: number | null;
}

/** Every payment made (paid, waived, refunded, pending) and every refund from `from` until before `to`, newest first. */
export function ledger(db: Db, from: Date, to: Date): Promise<LedgerRow[]> {
  return db.$queryRaw<LedgerRow[]>`
    SELECT * FROM (
      SELECT 'payment' AS kind, p.id, COALESCE(p.paid_at, p.created_at) AS at, p.event_id, p.event_name, p.user_id,
             u.name AS member_name, p.status, p.method, p.amount, p.currency, p.note, p.recorded_by
        FROM payments p LEFT JOIN users u ON u.id = p.user_id
       WHERE p.status <> 'owed'
      UNION ALL
      SELECT 'refund', r.id, r.created_at, p.event_id, p.event_name, p.user_id, u.name, NULL, p.method, r.amount,
             r.currency, r.reason, r.recorded_by
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN users u ON u.id = p.user_id
    ) entries
    WHERE at >= ${from} AND at < ${to}
    ORDER BY at DESC, kind, id DESC
    LIMIT 10000`;
}

/** The member's payments and refunds, for their data export. */
export const paymentsOfMember = (db: Db, userId: number) =>
  db.payment.findMany({
    where: { userId },
    orderBy: { id: 'asc' },
    select: {
      eventId: true,
      eventName: true,
      status: true,
      amount: true,
      currency: true,
      method: true,
      note: true,
      refundedAmount: true,
      paidAt: true,
      createdAt: true,
      refunds: { select: { amount: true, currency: true, reason: true, createdAt: true }, orderBy: { id: 'asc' } },
    },
  });
