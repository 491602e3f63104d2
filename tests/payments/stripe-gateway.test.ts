// The Stripe boundary with the real `stripe` package against a local fake Stripe: what a Checkout Session asks
// Stripe for (amounts as whole numbers in Stripe's units, whatever the currency's decimals), refunds and their
// failures, and webhook signatures checked as Stripe signs them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/src/config';
import { checkoutSessionFacts } from '../../api/src/modules/payments/stripe/checkout-metadata';
import {
  StripeAmountError,
  StripeGatewayError,
  StripeSignatureError,
} from '../../api/src/modules/payments/stripe/errors';
import {
  createStripeGateway,
  type CheckoutInput,
  type StripeGateway,
} from '../../api/src/modules/payments/stripe/gateway';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../support/fake-stripe';

const NOW = new Date('2027-03-01T10:00:00.000Z');
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

let fake: FakeStripe;
let gateway: StripeGateway;
/** A stand-in for the webhook route: the raw body through parseWebhook, 400 for a bad signature. */
let receiver: Server;
let webhookUrl: string;

const checkout = (input: Partial<CheckoutInput> = {}): CheckoutInput => ({
  eventId: 12,
  eventName: 'Summer camp',
  payerId: 5,
  userIds: [5, 7, 9],
  unitAmount: 1999,
  quantity: 3,
  currency: 'EUR',
  successUrl: 'https://events.example/events/12?paid=1',
  cancelUrl: 'https://events.example/events/12',
  ...input,
});

const lastCall = () => fake.calls.at(-1)!;

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => NOW.getTime() });
  gateway = createStripeGateway({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    apiUrl: fake.url,
    holdMinutes: 45,
    now: () => NOW,
  });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = gateway.parseWebhook(Buffer.concat(chunks), req.headers['stripe-signature']);
        res.writeHead(200).end(JSON.stringify({ id: event.id, type: event.type }));
      } catch (error) {
        if (!(error instanceof StripeSignatureError)) throw error;
        res.writeHead(400).end(error.reason);
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/stripe/webhook`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await fake.close();
});

beforeEach(() => {
  fake.calls.length = 0;
});

describe('Checkout Sessions', () => {
  it('When a guardian pays for three children, then Stripe is asked for one line of the event at the fee × 3', async () => {
    const session = await gateway.createCheckoutSession(checkout());

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(fake.calls).toHaveLength(1);
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(lastCall().params).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: '1999', product_data: { name: 'Summer camp' } }, quantity: '3' },
      ],
      metadata: { eventId: '12', payerId: '5', userIds: '5,7,9' },
      client_reference_id: '5',
      success_url: 'https://events.example/events/12?paid=1',
      cancel_url: 'https://events.example/events/12',
      expires_at: String(unix(NOW) + 45 * 60),
    });
    expect(fake.sessions.get(session.id)).toMatchObject({
      amount_total: 5997,
      status: 'open',
      payment_status: 'unpaid',
    });
  });

  it.each([
    // currency, the product's minor units (Intl's decimals), what Stripe is sent, Stripe's total for 2
    ['JPY', 1500, '1500', 3000], // ¥1,500: no decimals on either side
    ['EUR', 1999, '1999', 3998], // €19.99: cents on both sides
    ['KWD', 12340, '12340', 24680], // KWD 12.340: fils on both sides, the last digit 0 as Stripe requires
    ['ISK', 500, '50000', 100000], // ISK 500: whole krónur here, hundredths at Stripe
  ])(
    'When the fee is in %s (%i minor units), then Stripe gets %s and the total reads back exactly',
    async (currency, amount, sent, total) => {
      const { id } = await gateway.createCheckoutSession(checkout({ currency, unitAmount: amount, quantity: 2 }));

      expect(lastCall().params.line_items[0].price_data).toMatchObject({
        currency: currency.toLowerCase(),
        unit_amount: sent,
      });
      expect(fake.sessions.get(id)!.amount_total).toBe(total);
      expect(await gateway.getCheckoutSession(id)).toMatchObject({ amountTotal: amount * 2, currency, paid: false });
    },
  );

  it('When an amount is not whole or not one Stripe takes, then nothing is sent and the error says which', async () => {
    for (const [currency, unitAmount] of [
      ['EUR', 19.99],
      ['KWD', 12345],
      ['EUR', -100],
    ] as const) {
      const error = await failureOf(gateway.createCheckoutSession(checkout({ currency, unitAmount })));
      expect(error).toBeInstanceOf(StripeAmountError);
      expect(error).toMatchObject({ currency, amount: unitAmount });
    }
    expect(fake.calls).toEqual([]);
  });

  it('When a hold ends sooner than Stripe allows, later than it allows or not at all, then the session follows', async () => {
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
    const expiresAt = async (holdEndsAt: Date | undefined, holdMinutes?: number) => {
      const own = createStripeGateway({
        secretKey: FAKE_STRIPE_SECRET_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
        apiUrl: fake.url,
        holdMinutes,
        now: () => NOW,
      });
      await own.createCheckoutSession(checkout({ holdEndsAt }));
      return lastCall().params.expires_at as string | undefined;
    };
    expect(await expiresAt(minutes(50))).toBe(String(unix(minutes(50))));
    // Stripe's floor is 30 minutes from its own clock: a minute's margin for the request's trip.
    expect(await expiresAt(minutes(10))).toBe(String(unix(minutes(31))));
    expect(await expiresAt(minutes(3 * 24 * 60))).toBe(String(unix(minutes(24 * 60))));
    // pay later: no hold, Stripe's own 24 hours.
    expect(await expiresAt(undefined)).toBeUndefined();
  });

  it('When a session is expired by the app, then it can no longer be paid and reads back expired', async () => {
    const { id } = await gateway.createCheckoutSession(checkout());
    await gateway.expireCheckoutSession(id);

    expect(lastCall()).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${id}/expire` });
    expect(await gateway.getCheckoutSession(id)).toMatchObject({ status: 'expired', paid: false });
    expect(() => fake.complete(id)).toThrow(/expired/);
    const again = await failureOf(gateway.expireCheckoutSession(id));
    expect(again).toMatchObject({ failure: 'invalid_request', details: { status: 400 } });
  });

  it('When the secret key is wrong, then the failure is an authentication one', async () => {
    const wrong = createStripeGateway({ secretKey: 'sk_test_wrong', webhookSecret: 'whsec_x', apiUrl: fake.url });
    const error = await failureOf(wrong.createCheckoutSession(checkout()));
    expect(error).toBeInstanceOf(StripeGatewayError);
    expect(error).toMatchObject({ failure: 'authentication', details: { status: 401 } });
  });
});

describe('Refunds', () => {
  async function paidSession(input: Partial<CheckoutInput> = {}) {
    const { id } = await gateway.createCheckoutSession(checkout(input));
    const paymentIntentId = fake.complete(id).payment_intent as string;
    return { id, paymentIntentId };
  }

  it('When part and then the rest of a payment is refunded, then Stripe refunds exactly those amounts', async () => {
    const { paymentIntentId } = await paidSession();

    const part = await gateway.refund({ paymentIntentId, amount: 1999, currency: 'EUR', idempotencyKey: 'refund-1' });
    expect(part).toMatchObject({ amount: 1999, currency: 'EUR', status: 'succeeded' });
    expect(part.id).toMatch(/^re_/);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      params: { payment_intent: paymentIntentId, amount: '1999' },
      idempotencyKey: 'refund-1',
    });

    const rest = await gateway.refund({ paymentIntentId, currency: 'EUR' });
    expect(rest.amount).toBe(5997 - 1999);
    expect(lastCall().params).not.toHaveProperty('amount');
    expect(fake.chargeOf(paymentIntentId)).toMatchObject({ amount_refunded: 5997, refunded: true });
  });

  it('When a refund is sent twice with one idempotency key, then the money goes back once', async () => {
    const { paymentIntentId } = await paidSession();
    const first = await gateway.refund({ paymentIntentId, amount: 1000, currency: 'EUR', idempotencyKey: 'twice' });
    const second = await gateway.refund({ paymentIntentId, amount: 1000, currency: 'EUR', idempotencyKey: 'twice' });
    expect(second.id).toBe(first.id);
    expect(fake.chargeOf(paymentIntentId).amount_refunded).toBe(1000);
  });

  it('When a yen payment is refunded in part, then the amount stays in whole yen', async () => {
    const { paymentIntentId } = await paidSession({ currency: 'JPY', unitAmount: 1500, quantity: 2 });
    const refund = await gateway.refund({ paymentIntentId, amount: 1500, currency: 'JPY' });
    expect(lastCall().params.amount).toBe('1500');
    expect(refund).toMatchObject({ amount: 1500, currency: 'JPY' });
  });

  it('When Stripe refuses a refund, then the failure names why', async () => {
    const { paymentIntentId } = await paidSession();
    const unknown = await failureOf(gateway.refund({ paymentIntentId: 'pi_unknown', currency: 'EUR' }));
    expect(unknown).toBeInstanceOf(StripeGatewayError);
    expect(unknown).toMatchObject({ failure: 'not_found', details: { status: 400, code: 'resource_missing' } });

    const tooMuch = await failureOf(gateway.refund({ paymentIntentId, amount: 6000, currency: 'EUR' }));
    expect(tooMuch).toMatchObject({ failure: 'amount_too_large', details: { status: 400, code: 'amount_too_large' } });

    await gateway.refund({ paymentIntentId, currency: 'EUR' });
    const again = await failureOf(gateway.refund({ paymentIntentId, currency: 'EUR' }));
    expect(again).toMatchObject({ failure: 'already_refunded' });
    expect(fake.chargeOf(paymentIntentId).amount_refunded).toBe(5997);
  });
});

describe('Webhooks', () => {
  async function completedEvent() {
    const { id } = await gateway.createCheckoutSession(checkout());
    return fake.eventFor('checkout.session.completed', fake.complete(id));
  }

  it('When Stripe sends a signed event, then it is read with the session the app made', async () => {
    const event = await completedEvent();
    const answer = await fake.sendWebhook(webhookUrl, event);
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ id: event.id, type: 'checkout.session.completed' }) });

    const parsed = gateway.parseWebhook(JSON.stringify(event), fake.signatureFor(JSON.stringify(event)));
    if (parsed.type !== 'checkout.session.completed') return expect.fail(parsed.type);
    expect(checkoutSessionFacts(parsed.data.object)).toEqual({
      eventId: 12,
      payerId: 5,
      userIds: [5, 7, 9],
      sessionId: event.data.object.id,
      status: 'complete',
      paid: true,
      paymentIntentId: event.data.object.payment_intent,
      amountTotal: 5997,
      currency: 'EUR',
    });
  });

  it('When an event is signed with another secret, altered, unsigned or too old, then it is refused', async () => {
    const event = await completedEvent();
    expect(await fake.sendWebhook(webhookUrl, event, { secret: 'whsec_someone_else' })).toEqual({
      status: 400,
      body: 'invalid',
    });
    const tampered = await fake.sendWebhook(webhookUrl, event, {
      tamper: (payload) => payload.replace('"amount_total": 5997', '"amount_total": 1'),
    });
    expect(tampered).toEqual({ status: 400, body: 'invalid' });
    expect(await fake.sendWebhook(webhookUrl, event, { signed: false })).toEqual({ status: 400, body: 'missing' });
    // Stripe's tolerance is 5 minutes: a captured delivery replayed later is refused.
    const old = await fake.sendWebhook(webhookUrl, event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old).toEqual({ status: 400, body: 'invalid' });
    expect(await fake.sendWebhook(webhookUrl, event)).toMatchObject({ status: 200 });
  });

  it('When a session expires or a payment is refunded, then those events read as Stripe writes them', async () => {
    const { id } = await gateway.createCheckoutSession(checkout({ userIds: [8], quantity: 1 }));
    const expired = fake.eventFor('checkout.session.expired', fake.expire(id));
    const parsed = gateway.parseWebhook(JSON.stringify(expired), fake.signatureFor(JSON.stringify(expired)));
    if (parsed.type !== 'checkout.session.expired') return expect.fail(parsed.type);
    expect(checkoutSessionFacts(parsed.data.object)).toMatchObject({ userIds: [8], status: 'expired', paid: false });

    const { id: paid } = await gateway.createCheckoutSession(checkout());
    const paymentIntentId = fake.complete(paid).payment_intent as string;
    await gateway.refund({ paymentIntentId, amount: 1999, currency: 'EUR' });
    const refunded = fake.eventFor('charge.refunded', fake.chargeOf(paymentIntentId));
    const charge = gateway.parseWebhook(JSON.stringify(refunded), fake.signatureFor(JSON.stringify(refunded)));
    if (charge.type !== 'charge.refunded') return expect.fail(charge.type);
    expect(charge.data.object).toMatchObject({
      payment_intent: paymentIntentId,
      amount_refunded: 1999,
      refunded: false,
    });
    expect(charge.id).not.toBe(expired.id);
  });

  it('When a session is not one this app made, then its facts are null (another integration on the account)', () => {
    const foreign = { ...fake.eventFor('checkout.session.completed', {}).data.object, metadata: { order: '7' } };
    expect(checkoutSessionFacts(foreign)).toBeNull();
  });
});

describe('Configuration', () => {
  const base = { NODE_ENV: 'test', DEMO_MODE: 'off' };

  it('When both the key and the webhook secret are set, then online payments are on; neither: off', () => {
    const on = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(on.stripe).toEqual({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(loadConfig(base).stripe).toBeNull();
  });

  it('When only one of them is set, or one is not a Stripe value, then the server refuses to start', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET }),
    ).toThrow(/secret key \(sk_…\)/);
  });
});
