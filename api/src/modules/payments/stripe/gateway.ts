/**
 * Stripe at the network boundary: Checkout Sessions, refunds and webhook signatures, through the official
 * `stripe` package. Amounts in and out are the product's minor units (amounts.ts); failures are this folder's
 * typed errors (errors.ts), never the package's classes.
 *
 * The seam for the routes that use it (built once in system/services.ts when `config.stripe` is set):
 *
 * - `POST /api/events/{id}/payments/checkout`: the payments service works out who is paid for and the amount,
 *   then `createCheckoutSession(…)` and answers 201 `{ url }`. Give it `holdEndsAt` for a held place, so the
 *   session closes when the hold runs out (or at Stripe's 31-minute floor, which may outlast a shorter hold).
 * - `POST /api/payments/stripe/webhook`: mounted in `createApp` before `express.json` (the signature covers the
 *   raw bytes: `express.raw({ type: 'application/json' })`) and before the same-origin guard, the session and the
 *   member write limit (Stripe posts it, not a member). Then:
 *   1. `parseWebhook(req.body, req.get('stripe-signature'))`; a `StripeSignatureError` answers 400, nothing changes.
 *   2. In one transaction: `createStripeEventsRepository(tx).recordOnce(event.id, event.type)`; false: a replay,
 *      answer 200 and do nothing. Handling in the same transaction means a failure rolls the record back too and
 *      Stripe's next attempt (it retries non-2xx for three days) is handled afresh.
 *   3. Dispatch on `event.type`: `checkout.session.completed` → `checkoutSessionFacts(event.data.object)` (null:
 *      not ours, ignore) marks the members paid, or books / refunds a hold that ran out;
 *      `checkout.session.expired` → releases the hold if still held; `charge.refunded` → records the refunds of
 *      `charge.payment_intent` (`charge.amount_refunded` via `fromStripeAmount`); any other type → 200, ignored.
 *   4. Answer 200; an unexpected error → 500, and Stripe sends the event again.
 * - Refunds (managers, automatic on cancelling in time or a deleted event): `refund(…)` with an idempotency key
 *   naming the product's refund row, so a retry after a crash cannot refund twice.
 */
import Stripe from 'stripe';
import { fromStripeAmount, toStripeAmount } from './amounts';
import {
  checkoutMetadata,
  checkoutSessionFacts,
  type CheckoutFor,
  type CheckoutSessionFacts,
} from './checkout-metadata';
import { StripeGatewayError, StripeSignatureError, type StripeFailure } from './errors';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is (STRIPE_API_URL, a fake in tests); default https://api.stripe.com. */
  apiUrl?: string;
  /** PAYMENT_HOLD_MINUTES: how long a session stays open when the call names no hold of its own. */
  holdMinutes?: number;
  now?: () => Date;
}

export interface CheckoutInput extends CheckoutFor {
  eventName: string;
  /** The fee per person, in the product's minor units. */
  unitAmount: number;
  quantity: number;
  /** ISO 4217, either case. */
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** When the held place is released; the session expires then (within Stripe's 31 minutes to 24 hours). */
  holdEndsAt?: Date;
  idempotencyKey?: string;
}

export interface RefundInput {
  paymentIntentId: string;
  /** In the product's minor units; without it the whole payment (what is left of it). */
  amount?: number;
  /** The payment's currency (amounts are converted with it). */
  currency: string;
  idempotencyKey?: string;
}

export interface RefundResult {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;

/** Stripe takes expires_at 30 minutes to 24 hours after it creates the session: a minute's margin for the trip. */
const MIN_OPEN_MS = 31 * 60_000;
const MAX_OPEN_MS = 24 * 60 * 60_000;

function clientAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443) };
}

const FAILURE_BY_CODE: Record<string, StripeFailure> = {
  resource_missing: 'not_found',
  amount_too_large: 'amount_too_large',
  charge_already_refunded: 'already_refunded',
};

function failureOf(error: InstanceType<typeof Stripe.errors.StripeError>): StripeFailure {
  const byCode = error.code ? FAILURE_BY_CODE[error.code] : undefined;
  if (byCode) return byCode;
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'invalid_request';
  if (error instanceof Stripe.errors.StripeAuthenticationError) return 'authentication';
  if (error instanceof Stripe.errors.StripePermissionError) return 'authentication';
  if (error instanceof Stripe.errors.StripeRateLimitError) return 'rate_limited';
  return 'unavailable';
}

/** Runs a call to Stripe, its failures turned into a StripeGatewayError. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new StripeGatewayError(failureOf(error), error.message, {
      status: error.statusCode,
      code: error.code,
      requestId: error.requestId,
    });
  }
}

export function createStripeGateway(options: StripeGatewayOptions) {
  const stripe = new Stripe(options.secretKey, {
    ...clientAddress(options.apiUrl),
    // POSTs are retried with the idempotency key the package adds, so a retry never makes a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const now = options.now ?? (() => new Date());

  function expiresAt(holdEndsAt: Date | undefined): number | undefined {
    const start = now().getTime();
    const end = holdEndsAt?.getTime() ?? (options.holdMinutes ? start + options.holdMinutes * 60_000 : undefined);
    if (end === undefined) return undefined;
    return Math.ceil(Math.min(Math.max(end, start + MIN_OPEN_MS), start + MAX_OPEN_MS) / 1000);
  }

  async function getCheckoutSession(sessionId: string): Promise<CheckoutSessionFacts | null> {
    return checkoutSessionFacts(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
  }

  return {
    /** A Checkout Session for `quantity` places at `unitAmount` each: its id and the page to send the payer to. */
    async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
      if (!Number.isSafeInteger(input.quantity) || input.quantity < 1)
        throw new RangeError(`quantity ${input.quantity} is not a positive whole number`);
      const currency = input.currency.toLowerCase();
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency,
                  unit_amount: toStripeAmount(input.unitAmount, currency),
                  product_data: { name: input.eventName },
                },
                quantity: input.quantity,
              },
            ],
            metadata: checkoutMetadata(input),
            client_reference_id: String(input.payerId),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: expiresAt(input.holdEndsAt),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new StripeGatewayError('unavailable', `Checkout Session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },

    getCheckoutSession,

    /** Closes an open session (its hold ran out), so it can no longer be paid; a finished one is left as it is. */
    async expireCheckoutSession(sessionId: string): Promise<void> {
      await call(() => stripe.checkout.sessions.expire(sessionId));
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const amount = input.amount === undefined ? undefined : toStripeAmount(input.amount, input.currency);
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount, reason: 'requested_by_customer' },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        id: refund.id,
        amount: fromStripeAmount(refund.amount, refund.currency),
        currency: refund.currency.toUpperCase(),
        status: refund.status ?? 'pending',
      };
    },

    /** The event a webhook delivers, once its Stripe-Signature proves it came from Stripe within 5 minutes. */
    parseWebhook(rawBody: Buffer | string, signatureHeader: string | string[] | undefined): Stripe.Event {
      if (!signatureHeader || signatureHeader.length === 0)
        throw new StripeSignatureError('missing', 'No Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new StripeSignatureError('invalid', error instanceof Error ? error.message : String(error));
      }
    },
  };
}
