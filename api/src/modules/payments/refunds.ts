// Refunds, however they come: an organiser's (all or part), a member's cancellation in time, a deleted event.
// Money paid in cash or by bank transfer is recorded as given back; money paid online goes back through the
// provider (OnlineRefunds) first and is recorded only once the provider took it. Each runs on the payment's
// locked row, so two refunds of the same payment never give back more than was paid.
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { Tx } from '../events/events-repository';
import type { OnlineRefunds } from './online-refunds';
import * as repo from './payments-repository';

export type RefundReason = repo.NewRefund['reason'];

export type RefundOutcome = { ok: true; payment: repo.PaymentRow } | { ok: false; reason: 'unavailable' };

export function createRefunds(deps: Pick<AppDeps, 'prisma' | 'now' | 'logger'>, online: OnlineRefunds) {
  /** Gives back `amount` of the (locked) payment; the caller checked that this much is left. */
  async function refund(
    tx: Tx,
    payment: repo.PaymentRow,
    amount: number,
    reason: RefundReason,
    actorId: number | null,
  ): Promise<RefundOutcome> {
    let providerRefundId: string | null = null;
    if (payment.method === 'stripe') {
      const sent = await online.refundOnline({
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amount,
        currency: payment.currency,
        idempotencyKey: `refund:${payment.id}:${payment.refundedAmount}:${amount}`,
      });
      if (!sent.ok) return sent;
      providerRefundId = sent.providerRefundId;
    }
    const now = deps.now();
    const after = await repo.addRefund(tx, {
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      reason,
      providerRefundId,
      recordedBy: actorId,
      now,
    });
    await recordAudit(tx, {
      actorId,
      action: 'payment.refunded',
      subject: { type: 'payment', id: payment.id },
      details: {
        eventId: payment.eventId,
        userId: payment.userId,
        amount,
        currency: payment.currency,
        method: payment.method,
        reason,
      },
    });
    return { ok: true, payment: after };
  }

  /** What is left to give back of a payment, when it was paid (a waiver paid nothing). */
  const refundable = (payment: repo.PaymentRow | null) =>
    payment && payment.status === 'paid' ? payment.amount - payment.refundedAmount : 0;

  /**
   * Refunds everyone who paid for events that were deleted, one payment per transaction on its locked row (so two
   * instances sweeping at once refund each payment once). An online payment the provider cannot refund now stays
   * paid and is tried again on the next sweep. Answers the number refunded.
   */
  async function refundDeletedEvents(): Promise<number> {
    let refunded = 0;
    for (const id of await repo.paidForDeletedEvents(deps.prisma)) {
      const outcome = await deps.prisma.$transaction(async (tx) => {
        const payment = await repo.lockPayment(tx, id);
        const left = refundable(payment);
        // Another sweep refunded it a moment ago.
        if (!payment || left <= 0) return 'done elsewhere';
        return (await refund(tx, payment, left, 'event_deleted', null)).ok ? 'refunded' : 'unavailable';
      });
      if (outcome === 'refunded') refunded += 1;
      if (outcome === 'unavailable') deps.logger.warn({ paymentId: id }, 'payment of a deleted event not refunded yet');
    }
    return refunded;
  }

  return { refund, refundable, refundDeletedEvents };
}

export type Refunds = ReturnType<typeof createRefunds>;
