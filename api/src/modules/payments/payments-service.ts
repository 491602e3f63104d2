// Payments recorded by an event's organisers: paid in cash or by bank transfer, waived, undone, refunded. Each
// runs under the event's row lock (the RSVP service's), so a payment and the place it confirms change together,
// and each is audited. Nobody records their own payment: another organiser does.
import { conflict, forbidden, invalid, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { RecordPaymentInput, RefundInput } from '../../../../shared/schemas/payments';
import type { FeeDefaults, PaymentMethod, PaymentRecord, PaymentStatus } from '../../../../shared/types/payments';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { EventAccess } from '../events/event-access';
import type { Tx } from '../events/events-repository';
import type { LockedEvent } from '../events/rsvp-repository';
import type { RsvpService } from '../events/rsvp-service';
import type { Viewer } from '../users/viewer';
import * as repo from './payments-repository';
import type { Refunds } from './refunds';

const toRecord = (row: repo.PaymentRow): PaymentRecord => ({
  userId: row.userId ?? 0,
  status: row.status as PaymentStatus,
  method: row.method as PaymentMethod | null,
  amount: row.amount,
  currency: row.currency,
  refundedAmount: row.refundedAmount,
  note: row.note,
});

const paymentSubject = (eventId: number, userId: number) => ({ type: 'payment', id: `${eventId}:${userId}` });

export function createPaymentsService(
  deps: Pick<AppDeps, 'prisma' | 'now' | 'config'>,
  access: Pick<EventAccess, 'managedRecord'>,
  rsvp: Pick<RsvpService, 'withEventLocked' | 'confirmPaid'>,
  refunds: Refunds,
) {
  /** The event, when the viewer organises it and it has a fee, and the member is someone else. */
  async function managedFeeEvent(viewer: Viewer, eventId: number, userId: number) {
    const event = await access.managedRecord(viewer, eventId, MSG.onlyOrganisersRecordPayments);
    if (userId === viewer.id) throw forbidden(MSG.paymentOwnForbidden);
    return event;
  }

  /** Runs `work` under the event's lock with the member's reply read; 404 when the event went meanwhile. */
  async function locked<T>(
    eventId: number,
    userId: number,
    work: (tx: Tx, event: LockedEvent) => Promise<T>,
  ): Promise<T> {
    const result = await rsvp.withEventLocked(eventId, work, userId);
    if (result === null) throw notFound(MSG.eventNotFound);
    return result;
  }

  /**
   * POST /api/events/{id}/attendees/{userId}/payment: the member paid in cash or by bank transfer, or their fee is
   * waived. The member must hold a place (attending, or held for payment: then they attend). 409 when a payment
   * is recorded already.
   */
  async function record(viewer: Viewer, eventId: number, userId: number, input: RecordPaymentInput) {
    const event = await managedFeeEvent(viewer, eventId, userId);
    if (event.feeAmount === null || event.feeCurrency === null) throw conflict(MSG.eventHasNoFee);
    const { feeAmount, feeCurrency } = event;
    return locked<PaymentRecord>(eventId, userId, async (tx, held) => {
      if (!held.reply || !repo.OWING_REPLIES.includes(held.reply.status)) throw conflict(MSG.paymentNotAttending);
      const before = await repo.findPayment(tx, eventId, userId);
      // A pending online checkout does not stop cash: should Stripe's payment come too, it is given back.
      if (before && !['owed', 'pending', 'refunded'].includes(before.status)) {
        throw conflict(MSG.paymentAlreadyRecorded);
      }
      const waived = input.method === 'waived';
      const now = deps.now();
      const row = await repo.saveRecorded(tx, {
        eventId,
        eventName: event.name,
        userId,
        status: waived ? 'waived' : 'paid',
        method: input.method,
        amount: waived ? 0 : feeAmount,
        currency: feeCurrency,
        note: input.note || null,
        recordedBy: viewer.id,
        now,
      });
      // A place held for the payment is confirmed by it.
      await rsvp.confirmPaid(tx, eventId, userId);
      await recordAudit(tx, {
        actorId: viewer.id,
        action: waived ? 'payment.waived' : 'payment.recorded',
        subject: paymentSubject(eventId, userId),
        details: { eventId, userId, method: input.method, amount: row.amount, currency: row.currency },
      });
      return toRecord(row);
    });
  }

  /** DELETE …/payment: a recorded payment or waiver taken back to owed (a mistake). Online ones are refunded instead. */
  async function undo(viewer: Viewer, eventId: number, userId: number): Promise<PaymentRecord> {
    await managedFeeEvent(viewer, eventId, userId);
    return locked<PaymentRecord>(eventId, userId, async (tx) => {
      const before = await repo.findPayment(tx, eventId, userId);
      if (!before || (before.status !== 'paid' && before.status !== 'waived') || before.refundedAmount > 0) {
        throw conflict(MSG.paymentNothingToUndo);
      }
      if (before.method === 'stripe') throw conflict(MSG.paymentOnlineNoUndo);
      const row = await repo.setOwed(tx, before.id, deps.now());
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'payment.undone',
        subject: paymentSubject(eventId, userId),
        details: { eventId, userId, method: before.method, amount: before.amount, currency: before.currency },
      });
      return toRecord(row);
    });
  }

  /**
   * POST …/refund: gives back `amount` (minor units; left out, all that is left) of what the member paid. Cash and
   * bank transfers are recorded as refunded; online payments go back through the provider (409 while that is
   * unavailable, and nothing is recorded). 409 when nothing was paid; 400 for more than is left.
   */
  async function refund(viewer: Viewer, eventId: number, userId: number, input: RefundInput): Promise<PaymentRecord> {
    await managedFeeEvent(viewer, eventId, userId);
    return locked<PaymentRecord>(eventId, userId, async (tx) => {
      const found = await repo.findPayment(tx, eventId, userId);
      const payment = found && (await repo.lockPayment(tx, found.id));
      const left = refunds.refundable(payment);
      if (!payment || left <= 0) throw conflict(MSG.refundNothingPaid);
      const amount = input.amount ?? left;
      if (amount > left) throw invalid(MSG.refundAmountTooHigh({ left }));
      const outcome = await refunds.refund(tx, payment, amount, 'manual', viewer.id);
      if (!outcome.ok) throw conflict(MSG.refundOnlineUnavailable);
      return toRecord(outcome.payment);
    });
  }

  /**
   * GET /api/payments/defaults: what the event form starts a new fee with (the organisation's currency), for any
   * member who may open the form; the currency is no secret, and section leaders cannot read the admin settings.
   */
  async function defaults(): Promise<FeeDefaults> {
    return { currency: (await readOrganisationSettings(deps)).currency };
  }

  return { record, undo, refund, defaults };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
