// POST /api/events/{id}/payments/checkout (a member, or a guardian for their children) and Stripe's webhook
// POST /api/payments/stripe/webhook: HTTP only — parse, call the service, answer.
import express, { Router, type RequestHandler } from 'express';
import { checkoutSchema } from '../../../../../shared/schemas/payments';
import { parse, parseId } from '../../../http/validate';
import type { Logger } from '../../../logger';
import { currentUser, requireUser } from '../../auth/request-auth';
import type { CheckoutService } from './checkout-service';
import { StripeSignatureError } from './errors';
import type { StripeGateway } from './gateway';
import type { StripeWebhooks } from './stripe-webhooks';

export function checkoutRouter(checkout: CheckoutService): Router {
  const router = Router();
  router.post('/events/:id/payments/checkout', requireUser, async (req, res) => {
    const eventId = parseId(req.params.id, 'event');
    const input = parse(checkoutSchema, req.body ?? {});
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    res.status(201).json(await checkout.checkout(currentUser(req), eventId, input, origin));
  });
  return router;
}

/**
 * Stripe's webhook, mounted before express.json (the signature covers the raw bytes) and before the same-origin
 * guard, the session and the write limit: Stripe posts it, not a member. Without Stripe configured it is 404.
 */
export function stripeWebhookRouter(
  stripe: { gateway: Pick<StripeGateway, 'parseWebhook'>; webhooks: StripeWebhooks } | null,
  logger: Logger,
): Router {
  const router = Router();
  if (!stripe) return router;
  const receive: RequestHandler = async (req, res) => {
    let event;
    try {
      event = stripe.gateway.parseWebhook(Buffer.isBuffer(req.body) ? req.body : '', req.get('stripe-signature'));
    } catch (error) {
      if (!(error instanceof StripeSignatureError)) throw error;
      logger.warn({ reason: error.reason }, 'Stripe webhook with a bad signature refused');
      res.status(400).json({ received: false });
      return;
    }
    await stripe.webhooks.handle(event);
    res.json({ received: true });
  };
  router.post('/payments/stripe/webhook', express.raw({ type: 'application/json', limit: '1mb' }), receive);
  return router;
}
