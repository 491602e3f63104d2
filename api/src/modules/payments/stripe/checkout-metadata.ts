// What a Checkout Session carries for us: which event, who paid and for which members. Stripe keeps metadata as
// strings (keys ≤ 40 characters, values ≤ 500), so the members go as one compact list of ids.
import type Stripe from 'stripe';
import { fromStripeAmount } from './amounts';

export interface CheckoutFor {
  eventId: number;
  /** The member who pays: one of the members, or their guardian. */
  payerId: number;
  userIds: number[];
}

const MAX_VALUE = 500;

export function checkoutMetadata({ eventId, payerId, userIds }: CheckoutFor): Record<string, string> {
  const members = userIds.join(',');
  if (members.length > MAX_VALUE) throw new RangeError(`${userIds.length} members do not fit one Checkout Session`);
  return { eventId: String(eventId), payerId: String(payerId), userIds: members };
}

const id = (value: string | undefined) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

/** The event and members a session is for, or null: not a session this app made (another integration's). */
export function readCheckoutMetadata(metadata: Stripe.Metadata | null | undefined): CheckoutFor | null {
  const eventId = id(metadata?.eventId);
  const payerId = id(metadata?.payerId);
  const userIds = (metadata?.userIds ?? '').split(',').map((value) => id(value));
  if (eventId === null || payerId === null || userIds.some((value) => value === null)) return null;
  return { eventId, payerId, userIds: userIds as number[] };
}

/** A Checkout Session as the payments service needs it, amounts in the product's minor units. */
export interface CheckoutSessionFacts extends CheckoutFor {
  sessionId: string;
  /** open, complete or expired (Stripe may add more). */
  status: string;
  paid: boolean;
  /** Set once paid: what a refund names. */
  paymentIntentId: string | null;
  amountTotal: number;
  /** Upper case, as the product keeps it (Stripe writes it in lower case). */
  currency: string;
}

/** The facts of a session (a webhook's `data.object`, or one read back), or null when it is not this app's. */
export function checkoutSessionFacts(session: Stripe.Checkout.Session): CheckoutSessionFacts | null {
  const owner = readCheckoutMetadata(session.metadata);
  if (!owner || session.amount_total === null || !session.currency || !session.status) return null;
  const intent = session.payment_intent;
  return {
    ...owner,
    sessionId: session.id,
    status: session.status,
    paid: session.payment_status === 'paid',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountTotal: fromStripeAmount(session.amount_total, session.currency),
    currency: session.currency.toUpperCase(),
  };
}
