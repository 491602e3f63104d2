// What Stripe's webhooks change: a paid Checkout Session pays its members (their held places attend; a place
// whose hold ran out is booked again if there is room, else the money goes straight back), an expired one lets
// them owe again, and a refund made at Stripe is recorded. A session paid by a delayed method (a bank debit)
// completes unpaid: its members stay pending until Stripe says the payment succeeded (paid, as above) or failed
// (owed again, like an expired session; a held place keeps its deadline). Each event is recorded once (stripe_events) in the
// same transaction that handles it, under the event's row lock, so replays and racing deliveries change nothing
// and a failure rolls both back for Stripe's next attempt.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps';
import { recordAudit } from '../../audit/audit-repository';
import type { Tx } from '../../events/events-repository';
import type { LockedEvent } from '../../events/rsvp-repository';
import type { RsvpService } from '../../events/rsvp-service';
import * as repo from '../payments-repository';
import type { Refunds } from '../refunds';
import { fromStripeAmount } from './amounts';
import { checkoutSessionFacts, type CheckoutSessionFacts } from './checkout-metadata';
import type { StripeGateway } from './gateway';
import { createStripeEventsRepository } from './stripe-events-repository';
import * as stripeRepo from './stripe-payments-repository';

/** The Checkout Session events handled; the others are answered 200 and ignored. */
const SESSION_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export function createStripeWebhooks(
  deps: Pick<AppDeps, 'prisma' | 'now' | 'logger'>,
  gateway: Pick<StripeGateway, 'refund'>,
  rsvp: Pick<RsvpService, 'withEventLocked' | 'confirmPaid'>,
  refunds: Refunds,
) {
  const firstDelivery = (tx: Tx, event: Stripe.Event) =>
    createStripeEventsRepository(tx).recordOnce(event.id, event.type);

  /** Handles the event under its product event's lock; `gone` when that event was deleted meanwhile. */
  async function underEvent(
    event: Stripe.Event,
    eventId: number,
    work: (tx: Tx, locked: LockedEvent) => Promise<void>,
    gone: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    const done = await rsvp.withEventLocked(eventId, async (tx, locked) => {
      if (await firstDelivery(tx, event)) await work(tx, locked);
      return true;
    });
    if (done) return;
    await deps.prisma.$transaction(async (tx) => {
      if (await firstDelivery(tx, event)) await gone(tx);
    });
  }

  /** Sends money straight back through Stripe; a failure throws, so Stripe delivers the event again. */
  async function giveBack(facts: CheckoutSessionFacts, amount: number | undefined, key: string) {
    if (!facts.paymentIntentId) return;
    await gateway.refund({
      paymentIntentId: facts.paymentIntentId,
      amount,
      currency: facts.currency,
      idempotencyKey: key,
    });
    deps.logger.info({ sessionId: facts.sessionId, amount }, 'Stripe payment given back at once');
  }

  async function completed(tx: Tx, locked: LockedEvent, facts: CheckoutSessionFacts) {
    const event = await repo.findFeeEvent(tx, facts.eventId);
    if (!event || !facts.paid) return;
    const share = Math.floor(facts.amountTotal / facts.userIds.length);
    let people = locked.attendingPeople;
    for (const userId of facts.userIds) {
      const before = await repo.findPayment(tx, facts.eventId, userId);
      // Paid or waived another way meanwhile: this share was paid twice.
      if (before && (before.status === 'paid' || before.status === 'waived')) {
        await giveBack(facts, share, `checkout:${facts.sessionId}:${userId}`);
        continue;
      }
      const now = deps.now();
      const payment = await stripeRepo.markPaidOnline(tx, {
        eventId: facts.eventId,
        eventName: event.name,
        userId,
        amount: share,
        currency: facts.currency,
        now,
        sessionId: facts.sessionId,
        paymentIntentId: facts.paymentIntentId,
      });
      await recordAudit(tx, {
        actorId: facts.payerId,
        action: 'payment.recorded',
        subject: { type: 'payment', id: `${facts.eventId}:${userId}` },
        details: { eventId: facts.eventId, userId, method: 'stripe', amount: share, currency: facts.currency },
      });
      const reply = await repo.findReply(tx, facts.eventId, userId);
      if (reply?.status === 'awaiting_payment') await rsvp.confirmPaid(tx, facts.eventId, userId);
      if (reply && repo.OWING_REPLIES.includes(reply.status)) continue;
      // The hold ran out before the payment came (Stripe keeps a session open at least 30 minutes).
      if (locked.capacity === null || people < locked.capacity) {
        await stripeRepo.bookPaidPlace(tx, facts.eventId, userId, now);
        people += 1;
        continue;
      }
      const outcome = await refunds.refund(tx, payment, share, 'cancelled', null);
      if (!outcome.ok) throw new Error(`the payment of a place no longer free could not be refunded (${payment.id})`);
    }
  }

  async function chargeRefunded(tx: Tx, charge: Stripe.Charge) {
    const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intent) return;
    const payments = await stripeRepo.lockPaidBy(tx, intent);
    const recorded = payments.reduce((sum, payment) => sum + payment.refundedAmount, 0);
    // Refunds made here were recorded when they were sent; only what was refunded at Stripe itself is new.
    let missing = fromStripeAmount(charge.amount_refunded, charge.currency) - recorded;
    const providerRefundId = charge.refunds?.data[0]?.id ?? null;
    for (const payment of payments) {
      const amount = Math.min(missing, refunds.refundable(payment));
      if (amount <= 0) continue;
      await repo.addRefund(tx, {
        paymentId: payment.id,
        amount,
        currency: payment.currency,
        reason: 'manual',
        providerRefundId,
        recordedBy: null,
        now: deps.now(),
      });
      await recordAudit(tx, {
        actorId: null,
        action: 'payment.refunded',
        subject: { type: 'payment', id: payment.id },
        details: {
          eventId: payment.eventId,
          userId: payment.userId,
          amount,
          currency: payment.currency,
          method: 'stripe',
          reason: 'manual',
        },
      });
      missing -= amount;
    }
  }

  /** Handles one verified event (gateway.parseWebhook); a replay changes nothing. */
  async function handle(event: Stripe.Event): Promise<void> {
    if (SESSION_EVENTS.has(event.type)) {
      const facts = checkoutSessionFacts(event.data.object as Stripe.Checkout.Session);
      // Not a session this app made: nothing of ours to change.
      if (!facts) return;
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        const release = (tx: Tx) =>
          stripeRepo.releasePending(tx, facts.eventId, facts.userIds, facts.sessionId, deps.now()).then(() => {});
        return underEvent(event, facts.eventId, release, async () => {});
      }
      // checkout.session.completed, or async_payment_succeeded: paid only when Stripe says the money came.
      return underEvent(
        event,
        facts.eventId,
        (tx, locked) => completed(tx, locked, facts),
        // The event was deleted before the payment came: it all goes back.
        async () => (facts.paid ? giveBack(facts, undefined, `checkout:${facts.sessionId}:event_deleted`) : undefined),
      );
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      await deps.prisma.$transaction(async (tx) => {
        if (await firstDelivery(tx, event)) await chargeRefunded(tx, charge);
      });
    }
  }

  return { handle };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
