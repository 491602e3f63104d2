// Fees' settings, and Stripe's: online payments are on only when both the secret key and the webhook secret are
// set. Kept beside config.ts (which spreads `feesEnv` and `stripeEnv` into its schema) so that file stays small.
import { z } from 'zod';
import { isCurrencyCode } from '../../../shared/money';

export const feesEnv = {
  /** The currency event fees default to until an admin saves the organisation's own (ISO 4217). */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .default('EUR')
    .refine(isCurrencyCode, 'CURRENCY must be an ISO 4217 currency code such as EUR'),
  /** How long a place on a pay-to-confirm event is held for the member to pay. */
  PAYMENT_HOLD_MINUTES: z.coerce
    .number({ error: 'PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 10080' })
    .int('PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 10080')
    .min(1, 'PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 10080')
    .max(10080, 'PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 10080')
    .default(30),
};

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

export const stripeEnv = {
  /** A secret (sk_…) or restricted (rk_…) API key; with STRIPE_WEBHOOK_SECRET it turns online payments on. */
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_\w+$/, 'STRIPE_SECRET_KEY must be a secret key (sk_…) or a restricted key (rk_…)')
      .optional(),
  ),
  /** The signing secret of the webhook endpoint (whsec_…): every webhook's Stripe-Signature is checked with it. */
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)')
      .optional(),
  ),
  /** Stripe's API address, for tests against a fake; empty: https://api.stripe.com. */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
};

type StripeEnv = { [Name in keyof typeof stripeEnv]?: z.infer<(typeof stripeEnv)[Name]> };

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the client sends its requests instead of api.stripe.com (a fake in tests). */
  apiUrl?: string;
}

/** The Stripe settings, or null: online payments are off (only cash, transfers and waivers are recorded). */
export const stripeSettings = (env: StripeEnv): StripeSettings | null =>
  env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
    : null;

/** One of the two set without the other is a half-done setup: refused at start rather than silently off. */
export const stripeProblems = (env: StripeEnv): string[] =>
  Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET)
    ? []
    : ['- STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (online payments need both) or not at all'];
