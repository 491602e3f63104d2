// Paying an event's fee online, end to end against a local fake Stripe: the checkout route makes the session,
// Stripe's signed webhooks pay the members (once, however often or concurrently they arrive), a payment after
// the hold ran out on a full event goes straight back, and an organiser's refund of an online payment goes
// through Stripe. On PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../support/fake-stripe';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const HOLD_MINUTES = 30;

describe.each(DATABASE_KINDS)('paying online with Stripe on %s', (kind) => {
  let stripe: FakeStripe;
  let app: TestApp;
  let leader: Who;
  let treasurer: Who;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp(kind, {
      env: {
        PAYMENT_HOLD_MINUTES: String(HOLD_MINUTES),
        PUBLIC_URL: 'https://events.example.org',
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
    treasurer = await app.signedIn({ name: 'Tom Treasurer', role: 'organiser' });
  });
  afterAll(async () => {
    await app.stop();
    await stripe.close();
  });

  const webhook = () => `${app.url}/api/payments/stripe/webhook`;
  const member = (name: string) => app.signedIn({ name });
  const create = async (body: Record<string, unknown>) => {
    const res = await leader.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const attend = async (who: Who, id: number) => {
    const res = await who.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(res.status, res.text).toBe(200);
    return res.body as { status: string };
  };
  const checkout = async (who: Who, id: number, body: Record<string, unknown> = {}) => {
    const res = await who.client.post(`/api/events/${id}/payments/checkout`, body);
    expect(res.status, res.text).toBe(201);
    const url = res.body.url as string;
    const session = [...stripe.sessions.values()].find((candidate) => candidate.url === url);
    expect(session).toBeDefined();
    return session!;
  };
  const replyOf = async (eventId: number, who: Who) =>
    (await app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId, userId: who.user.id } } }))
      ?.status;
  const paymentOf = (eventId: number, who: Who) =>
    app.deps.prisma.payment.findUnique({ where: { eventId_userId: { eventId, userId: who.user.id } } });
  const completed = (sessionId: string) => stripe.eventFor('checkout.session.completed', stripe.complete(sessionId));

  it('When a member checks out, then the session is for the fee × people with our metadata and their payment waits', async () => {
    const amy = await member('Amy Online');
    const trip = await create({
      name: 'Canoe trip',
      fee: { amount: 2000 },
      paymentMode: 'pay_to_confirm',
      capacity: 5,
    });
    expect(await attend(amy, trip.id)).toMatchObject({ status: 'awaiting_payment' });
    const before = stripe.calls.length;
    const session = await checkout(amy, trip.id);
    const sent = stripe.calls.slice(before).find((call) => call.path === '/v1/checkout/sessions');
    expect(sent?.params).toMatchObject({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: '2000', product_data: { name: 'Canoe trip' } }, quantity: '1' },
      ],
      metadata: { eventId: String(trip.id), payerId: String(amy.user.id), userIds: String(amy.user.id) },
      success_url: `https://events.example.org/events/${trip.id}?payment=success`,
      cancel_url: `https://events.example.org/events/${trip.id}?payment=cancelled`,
    });
    expect(session.amount_total).toBe(2000);
    expect(await paymentOf(trip.id, amy)).toMatchObject({ status: 'pending', providerSessionId: session.id });

    // Expired unpaid: owed again, the held place keeps its own deadline.
    const expired = await stripe.sendWebhook(
      webhook(),
      stripe.eventFor('checkout.session.expired', stripe.expire(session.id)),
    );
    expect(expired.status).toBe(200);
    expect(await paymentOf(trip.id, amy)).toMatchObject({ status: 'owed', providerSessionId: null });
    expect(await replyOf(trip.id, amy)).toBe('awaiting_payment');
  });

  it('When nothing is owed or the event is free, then checkout says so and makes no session', async () => {
    const ben = await member('Ben Online');
    const free = await create({ name: 'Free walk' });
    const fee = await create({ name: 'Quiz', fee: { amount: 500 }, paymentMode: 'pay_later' });
    const before = stripe.calls.length;
    const noFee = await ben.client.post(`/api/events/${free.id}/payments/checkout`, {});
    expect(noFee.status).toBe(409);
    expect(noFee.body.error).toMatch(/no fee/i);
    const notGoing = await ben.client.post(`/api/events/${fee.id}/payments/checkout`, {});
    expect(notGoing.status).toBe(409);
    expect(notGoing.body.error).toMatch(/nothing is owed/i);
    const notMine = await ben.client.post(`/api/events/${fee.id}/payments/checkout`, { forUserIds: [leader.user.id] });
    expect(notMine.status).toBe(403);
    expect(stripe.calls.length).toBe(before);
  });

  it('When the paid session’s webhook arrives 10 times at once, then the member attends and is paid once', async () => {
    const cat = await member('Cat Online');
    const trip = await create({
      name: 'Climbing day',
      fee: { amount: 1500 },
      paymentMode: 'pay_to_confirm',
      capacity: 3,
    });
    await attend(cat, trip.id);
    const session = await checkout(cat, trip.id);
    const event = completed(session.id);

    const tampered = await stripe.sendWebhook(webhook(), event, { tamper: (body) => body.replace('1500', '1') });
    const unsigned = await stripe.sendWebhook(webhook(), event, { signed: false });
    const wrongSecret = await stripe.sendWebhook(webhook(), event, { secret: 'whsec_someone_else' });
    expect([tampered.status, unsigned.status, wrongSecret.status]).toEqual([400, 400, 400]);
    expect(await paymentOf(trip.id, cat)).toMatchObject({ status: 'pending' });
    expect(await replyOf(trip.id, cat)).toBe('awaiting_payment');

    const answers = await Promise.all(Array.from({ length: 10 }, () => stripe.sendWebhook(webhook(), event)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await replyOf(trip.id, cat)).toBe('attending');
    const payments = await app.deps.prisma.payment.findMany({ where: { eventId: trip.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'paid',
      method: 'stripe',
      amount: 1500,
      providerPaymentId: session.payment_intent,
    });
    const audits = await app.deps.prisma.auditEntry.findMany({
      where: { action: 'payment.recorded', subjectId: `${trip.id}:${cat.user.id}` },
    });
    expect(audits).toHaveLength(1);
    const seen = (await cat.client.get(`/api/events/${trip.id}`)).body as EventDetail;
    expect(seen.myPayment).toMatchObject({ status: 'paid', amount: 1500 });

    // An organiser refunds part of it: through Stripe, with the refund named for idempotency.
    const before = stripe.calls.length;
    const refunded = await leader.client.post(`/api/events/${trip.id}/attendees/${cat.user.id}/refund`, {
      amount: 500,
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'paid', refundedAmount: 500 });
    const refundCall = stripe.calls.slice(before).find((call) => call.path === '/v1/refunds');
    expect(refundCall?.params).toMatchObject({ payment_intent: session.payment_intent, amount: '500' });
    expect(refundCall?.idempotencyKey).toMatch(/^refund:\d+:0:500$/);

    // Stripe then tells of that refund: already recorded, nothing more. A refund made in Stripe's dashboard is new.
    const charge = stripe.chargeOf(session.payment_intent);
    expect((await stripe.sendWebhook(webhook(), stripe.eventFor('charge.refunded', charge))).status).toBe(200);
    expect(await app.deps.prisma.paymentRefund.count({ where: { paymentId: payments[0]!.id } })).toBe(1);
    const inDashboard = { ...charge, amount_refunded: 1500, refunded: true };
    expect((await stripe.sendWebhook(webhook(), stripe.eventFor('charge.refunded', inDashboard))).status).toBe(200);
    expect(await paymentOf(trip.id, cat)).toMatchObject({ status: 'refunded', refundedAmount: 1500 });
    expect(await app.deps.prisma.paymentRefund.count({ where: { paymentId: payments[0]!.id } })).toBe(2);
  });

  it('When the payment comes after the hold ran out and the event filled up, then it is refunded through Stripe', async () => {
    const dan = await member('Dan Late');
    const eve = await member('Eve Waiting');
    const trip = await create({
      name: 'Ferry trip',
      fee: { amount: 1200 },
      paymentMode: 'pay_to_confirm',
      capacity: 1,
    });
    await attend(dan, trip.id);
    const session = await checkout(dan, trip.id);
    app.setNow(new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000));
    try {
      expect(await app.system.services.rsvp.expirePaymentHolds()).toBeGreaterThanOrEqual(1);
    } finally {
      app.setNow(new Date());
    }
    expect(await replyOf(trip.id, dan)).toBe('not_attending');
    expect(await attend(eve, trip.id)).toMatchObject({ status: 'awaiting_payment' });

    const before = stripe.calls.length;
    const answer = await stripe.sendWebhook(webhook(), completed(session.id));
    expect(answer.status, answer.body).toBe(200);
    const refundCall = stripe.calls.slice(before).find((call) => call.method === 'POST' && call.path === '/v1/refunds');
    expect(refundCall?.params).toMatchObject({ payment_intent: session.payment_intent, amount: '1200' });
    expect(await replyOf(trip.id, dan)).toBe('not_attending');
    expect(await paymentOf(trip.id, dan)).toMatchObject({ status: 'refunded', refundedAmount: 1200 });
    expect(await replyOf(trip.id, eve)).toBe('awaiting_payment');
  });

  it('When the payment comes after the hold ran out and a place is free, then the place is booked', async () => {
    const fay = await member('Fay Late');
    const trip = await create({ name: 'Bike tour', fee: { amount: 800 }, paymentMode: 'pay_to_confirm', capacity: 2 });
    await attend(fay, trip.id);
    const session = await checkout(fay, trip.id);
    await app.deps.prisma.attendance.update({
      where: { eventId_userId: { eventId: trip.id, userId: fay.user.id } },
      data: { status: 'not_attending', paymentHoldUntil: null },
    });
    const before = stripe.calls.length;
    expect((await stripe.sendWebhook(webhook(), completed(session.id))).status).toBe(200);
    expect(await replyOf(trip.id, fay)).toBe('attending');
    expect(await paymentOf(trip.id, fay)).toMatchObject({ status: 'paid', amount: 800 });
    expect(stripe.calls.slice(before).some((call) => call.path === '/v1/refunds')).toBe(false);
    const detail = (await treasurer.client.get(`/api/events/${trip.id}`)).body as EventDetail;
    expect(detail.attendingCount).toBe(1);
  });
  it('When an organiser records cash while a checkout is open and Stripe’s payment comes too, then it goes back', async () => {
    const gil = await member('Gil Twice');
    const trip = await create({
      name: 'Museum visit',
      fee: { amount: 700 },
      paymentMode: 'pay_to_confirm',
      capacity: 4,
    });
    await attend(gil, trip.id);
    const session = await checkout(gil, trip.id);
    const cash = await leader.client.post(`/api/events/${trip.id}/attendees/${gil.user.id}/payment`, {
      method: 'cash',
    });
    expect(cash.status, cash.text).toBe(200);
    const before = stripe.calls.length;
    expect((await stripe.sendWebhook(webhook(), completed(session.id))).status).toBe(200);
    const refundCall = stripe.calls.slice(before).find((call) => call.path === '/v1/refunds');
    expect(refundCall?.params).toMatchObject({ payment_intent: session.payment_intent, amount: '700' });
    expect(await paymentOf(trip.id, gil)).toMatchObject({ status: 'paid', method: 'cash', amount: 700 });
    expect(await replyOf(trip.id, gil)).toBe('attending');
  });
});
