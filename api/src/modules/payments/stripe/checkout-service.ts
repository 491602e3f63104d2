// POST /api/events/{id}/payments/checkout: who is paid for (the member, or a guardian's children), what they owe,
// and a Stripe Checkout Session for it. The members' payments wait as pending on the session until its webhook
// says paid or expired (stripe-webhooks.ts).
import { conflict, invalid, notFound } from '../../../../../shared/errors';
import { MSG } from '../../../../../shared/messages';
import type { CheckoutRequest } from '../../../../../shared/schemas/payments';
import type { AppDeps } from '../../../deps';
import type { EventAccess } from '../../events/event-access';
import type { RsvpService } from '../../events/rsvp-service';
import type { Viewer } from '../../users/viewer';
import * as repo from '../payments-repository';
import type { StripeGateway } from './gateway';
import { markPending } from './stripe-payments-repository';

/** Payments a new session may be for: none yet, owed, refunded before, or waiting on an earlier session. */
const PAYABLE = new Set(['owed', 'pending', 'refunded']);

export function createCheckoutService(
  deps: Pick<AppDeps, 'config' | 'now'>,
  gateway: Pick<StripeGateway, 'createCheckoutSession'> | null,
  access: Pick<EventAccess, 'visibleRecord'>,
  rsvp: Pick<RsvpService, 'replierFor' | 'withEventLocked'>,
) {
  /** `origin`: this server as the request reached it, where Stripe sends the payer back when PUBLIC_URL is unset. */
  async function checkout(
    viewer: Viewer,
    eventId: number,
    input: CheckoutRequest,
    origin: string,
  ): Promise<{ url: string }> {
    // A guardian account has no fee of its own: it names the children it pays for.
    if (!input.forUserIds && viewer.role === 'guardian') throw invalid(MSG.forUserIdsInvalid);
    const ids = input.forUserIds ?? [viewer.id];
    // Each person must be the viewer or their child, and each must be able to see the event (404 otherwise).
    const people = [];
    for (const forUserId of ids) people.push(await rsvp.replierFor(viewer, { status: 'not_attending', forUserId }));
    let event = null;
    for (const person of people) event = await access.visibleRecord(person.member, eventId);
    if (!event) throw notFound(MSG.eventNotFound);
    if (event.feeAmount === null || event.feeCurrency === null) throw conflict(MSG.eventHasNoFee);
    if (!gateway) throw conflict(MSG.paymentOnlineOff);
    const { feeAmount: unitAmount, feeCurrency: currency, name: eventName } = event;
    const userIds = people.map((person) => person.id);

    // What is owed and until when the places are held, read under the event's lock like every reply.
    const owed = await rsvp.withEventLocked(eventId, async (tx) => {
      const holds: Date[] = [];
      for (const userId of userIds) {
        const [reply, payment] = await Promise.all([
          repo.findReply(tx, eventId, userId),
          repo.findPayment(tx, eventId, userId),
        ]);
        if (!reply || !repo.OWING_REPLIES.includes(reply.status)) return null;
        if (payment && !PAYABLE.has(payment.status)) return null;
        if (reply.paymentHoldUntil) holds.push(reply.paymentHoldUntil);
      }
      return { holdEndsAt: holds.length ? new Date(Math.min(...holds.map((at) => at.getTime()))) : undefined };
    });
    if (owed === null) throw conflict(MSG.paymentNothingOwed);

    // Back where the payer started: the event's page for their own fee; the family page for their children's
    // (a guardian account may not open event pages), naming the event.
    const base = deps.config.publicUrl ?? origin;
    const back = (outcome: 'success' | 'cancelled') =>
      input.forUserIds
        ? `${base}/guardian?event=${eventId}&payment=${outcome}`
        : `${base}/events/${eventId}?payment=${outcome}`;
    const session = await gateway.createCheckoutSession({
      eventId,
      eventName,
      payerId: viewer.id,
      userIds,
      unitAmount,
      quantity: userIds.length,
      currency,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
      holdEndsAt: owed.holdEndsAt,
    });
    await rsvp.withEventLocked(eventId, async (tx) => {
      const now = deps.now();
      for (const userId of userIds) {
        const payment = await repo.findPayment(tx, eventId, userId);
        // Paid or waived meanwhile (an organiser): that member's share is left as it is.
        if (payment && !PAYABLE.has(payment.status)) continue;
        await markPending(tx, { eventId, eventName, userId, amount: unitAmount, currency, now }, session.id);
      }
    });
    return { url: session.url };
  }

  return { checkout };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
