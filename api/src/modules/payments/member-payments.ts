// A member's payment for an event as they (or their guardian) read it: the row recorded, or "owed" derived from a
// reply that holds a place at an event with a fee, with the hold's deadline while the place waits for the money.
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { EventFee, MyPayment, PaymentStatus } from '../../../../shared/types/payments';
import type { AppDeps } from '../../deps';
import * as repo from './payments-repository';

/** A reply as payments read it: its status and, while held for payment, until when. */
export interface ReplyForPayment {
  status: StoredRsvpStatus | string;
  paymentHoldUntil: Date | null;
}

/** The member's payment from their payment row and reply (null: nothing owed, nothing paid). */
export function myPaymentFrom(
  fee: EventFee | null,
  reply: ReplyForPayment | null,
  payment: Pick<repo.PaymentRow, 'status' | 'amount' | 'currency'> | null,
): MyPayment | null {
  // While the place is held for the money (owed, or a checkout under way), until when.
  const hold = reply?.status === 'awaiting_payment' ? reply.paymentHoldUntil : null;
  const due = hold ? { dueBy: hold.toISOString() } : {};
  const holdsPlace = reply !== null && repo.OWING_REPLIES.includes(reply.status as StoredRsvpStatus);
  // Refunded in full but still holding a place: the fee is owed again.
  const settledRow = payment && payment.status !== 'owed' && !(payment.status === 'refunded' && holdsPlace);
  if (payment && settledRow) {
    const status = payment.status as PaymentStatus;
    const settled = status === 'paid' || status === 'waived';
    return { status, amount: payment.amount, currency: payment.currency, ...(settled ? {} : due) };
  }
  if (!fee || !holdsPlace) return null;
  return { status: 'owed', amount: fee.amount, currency: fee.currency, ...due };
}

/** A member's reply to an event, with the event's fee: what a guardian's list of a child's replies holds. */
export interface MemberReply extends ReplyForPayment {
  eventId: number;
  userId: number;
  fee: EventFee | null;
}

export function createMemberPayments(deps: Pick<AppDeps, 'prisma'>) {
  /**
   * Each reply's payment, in the replies' order, read in one statement. A free event's is null, as its details
   * carry no myPayment (one recorded before the fee was removed stays the organisers' business).
   */
  async function ofReplies(replies: readonly MemberReply[]): Promise<Array<MyPayment | null>> {
    const rows = await repo.paymentsOfPairs(
      deps.prisma,
      replies.filter((reply) => reply.fee !== null),
    );
    const byPair = new Map(rows.map((row) => [`${row.eventId}:${row.userId}`, row]));
    return replies.map((reply) =>
      reply.fee ? myPaymentFrom(reply.fee, reply, byPair.get(`${reply.eventId}:${reply.userId}`) ?? null) : null,
    );
  }
  return { ofReplies };
}

export type MemberPayments = ReturnType<typeof createMemberPayments>;
