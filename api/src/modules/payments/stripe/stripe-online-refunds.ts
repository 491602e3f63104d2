// The online-refund port (online-refunds.ts) over the Stripe gateway: a refund of money paid through Checkout
// goes back to its payment intent, with the caller's idempotency key (it names the product's refund), so a retry
// after a crash cannot refund twice. Stripe failing is "unavailable": the callers say so and record nothing.
import type { Logger } from '../../../logger';
import type { OnlineRefunds } from '../online-refunds';
import { StripeGatewayError } from './errors';
import type { StripeGateway } from './gateway';

export function stripeOnlineRefunds(gateway: Pick<StripeGateway, 'refund'>, logger: Logger): OnlineRefunds {
  return {
    async refundOnline(refund) {
      if (!refund.providerPaymentId) return { ok: false, reason: 'unavailable' };
      try {
        const sent = await gateway.refund({
          paymentIntentId: refund.providerPaymentId,
          amount: refund.amount,
          currency: refund.currency,
          idempotencyKey: refund.idempotencyKey,
        });
        return { ok: true, providerRefundId: sent.id };
      } catch (error) {
        if (!(error instanceof StripeGatewayError)) throw error;
        logger.warn({ paymentId: refund.paymentId, failure: error.failure, ...error.details }, 'Stripe refund failed');
        return { ok: false, reason: 'unavailable' };
      }
    },
  };
}
