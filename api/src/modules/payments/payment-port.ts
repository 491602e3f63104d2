// The payments module's side of the events module's PaymentPort: the details' payment parts, the attendee
// list's payment column, which replies need no payment hold, and the refunds a cancellation or a deleted event
// owes. Built before the RSVP service (it needs none), handed to it and to the events service.
import type { EventDetail } from '../../../../shared/types';
import type { AttendeePayment, MyPayment, PaymentStatus } from '../../../../shared/types/payments';
import type { AppDeps } from '../../deps';
import type { PaymentPort } from '../events/payment-port';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { Viewer } from '../users/viewer';
import * as repo from './payments-repository';
import type { Refunds } from './refunds';

/** What members other than organisers read of a payment: a waiver is nobody else's business. */
const asOthersSeeIt = (status: PaymentStatus): AttendeePayment => (status === 'waived' ? 'paid' : status);

export function createPaymentPort(deps: Pick<AppDeps, 'config' | 'prisma' | 'now' | 'logger'>, refunds: Refunds) {
  const { prisma } = deps;

  /** The member's own payment for the event with this fee (null: nothing owed, nothing paid). */
  async function paymentOf(event: Pick<EventDetail, 'id' | 'fee'>, userId: number): Promise<MyPayment | null> {
    const [payment, reply] = await Promise.all([
      repo.findPayment(prisma, event.id, userId),
      repo.findReply(prisma, event.id, userId),
    ]);
    const holdsPlace = reply !== null && repo.OWING_REPLIES.includes(reply.status);
    // Refunded in full but still holding a place: the fee is owed again.
    const settled = payment && payment.status !== 'owed' && !(payment.status === 'refunded' && holdsPlace);
    if (payment && settled) {
      return { status: payment.status as PaymentStatus, amount: payment.amount, currency: payment.currency };
    }
    if (!event.fee || !holdsPlace) return null;
    const hold = reply.status === 'awaiting_payment' ? reply.paymentHoldUntil : null;
    return {
      status: 'owed',
      amount: event.fee.amount,
      currency: event.fee.currency,
      ...(hold ? { dueBy: hold.toISOString() } : {}),
    };
  }

  const port: PaymentPort = {
    async detailsOf(viewer: Viewer, event: EventDetail, manages: boolean) {
      const myPayment = await paymentOf(event, viewer.id);
      return manages ? { myPayment, payments: await repo.totalsOf(prisma, event.id) } : { myPayment };
    },

    async attendeePayments(eventId, userIds, manages) {
      const statuses = await repo.statusesOf(prisma, eventId, userIds);
      if (manages) return statuses;
      return new Map([...statuses].map(([userId, status]) => [userId, asOthersSeeIt(status)]));
    },

    settledAmong: (tx, eventId, userIds) => repo.settledAmong(tx, eventId, userIds),

    async left(tx, eventId, userId) {
      const payment = await repo.findPayment(tx, eventId, userId);
      if (refunds.refundable(payment) <= 0) return;
      const event = await repo.findFeeEvent(tx, eventId);
      const { refundUntilHours } = await readOrganisationSettings(deps, tx);
      const now = deps.now();
      // Cancelled too late: the money stays paid (an organiser may still refund by hand).
      if (!event || event.date.getTime() - now.getTime() < refundUntilHours * 3_600_000) return;
      const locked = await repo.lockPayment(tx, payment!.id);
      const left = refunds.refundable(locked);
      if (!locked || left <= 0) return;
      const outcome = await refunds.refund(tx, locked, left, 'cancelled', userId);
      if (!outcome.ok) deps.logger.warn({ paymentId: locked.id }, 'online refund unavailable for a cancellation');
    },

    eventsDeleted: async () => {
      await refunds.refundDeletedEvents();
    },
  };
  return { port, paymentOf };
}
