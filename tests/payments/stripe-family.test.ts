// Stripe Checkout for a family and for delayed payments, end to end against the local fake Stripe: a guardian pays
// for two children in one session (both paid once, both audited, however often the webhook comes); a bank debit
// completes unpaid and pays only when Stripe says it succeeded, or lets the member owe again when it failed; and
// the handled events' ids are forgotten after a month. On PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../api/src/system/housekeeping';
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
const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;

describe.each(DATABASE_KINDS)('family and delayed payments with Stripe on %s', (kind) => {
  let stripe: FakeStripe;
  let app: TestApp;
  let leader: Who;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp(kind, {
      env: {
        PAYMENT_HOLD_MINUTES: '30',
        PUBLIC_URL: 'https://events.example.org',
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    await app.deps.prisma.organisationSettings.updateMany({ data: { requireBirthDate: false } });
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
  });
  afterAll(async () => {
    await app.stop();
    await stripe.close();
  });

  const webhook = () => `${app.url}/api/payments/stripe/webhook`;
  const send = async (type: string, session: Record<string, unknown>) => {
    const answer = await stripe.sendWebhook(webhook(), stripe.eventFor(type, session));
    expect(answer.status, answer.body).toBe(200);
  };
  const trip = async () => {
    const res = await leader.client.post('/api/events', {
      ...eventBody({ name: `Sailing week ${++counter}`, capacity: 6 }),
      fee: { amount: 4500 },
      paymentMode: 'pay_to_confirm',
    });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const checkout = async (who: Who, eventId: number, body: Record<string, unknown> = {}) => {
    const res = await who.client.post(`/api/events/${eventId}/payments/checkout`, body);
    expect(res.status, res.text).toBe(201);
    return [...stripe.sessions.values()].find((session) => session.url === res.body.url)!;
  };
  const replyOf = async (eventId: number, userId: number) =>
    (await app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId, userId } } }))?.status;
  const paymentOf = (eventId: number, userId: number) =>
    app.deps.prisma.payment.findUnique({ where: { eventId_userId: { eventId, userId } } });

  it('When a guardian pays for two children in one Checkout, then both are paid once and both are audited', async () => {
    const guardian = await app.signedIn({ name: 'Gil Guardian', role: 'guardian' });
    const children: User[] = [];
    for (const name of ['Ada', 'Bo']) {
      const child = await app.deps.prisma.user.create({
        data: { name: `${name} Sailor`, birthDate: new Date('2019-01-01') },
      });
      await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.id } });
      await app.deps.prisma.guardianConsent.create({
        data: { childId: child.id, guardianId: guardian.user.id, method: 'paper', textVersion: 0 },
      });
      children.push(child);
    }
    const ids = children.map((child) => child.id);
    const event = await trip();
    const replied = await guardian.client.post(`/api/events/${event.id}/attend`, {
      status: 'attending',
      forUserIds: ids,
      together: true,
    });
    expect(replied.status, replied.text).toBe(200);
    for (const id of ids) expect(await replyOf(event.id, id)).toBe('awaiting_payment');

    const before = stripe.calls.length;
    // A guardian account has no fee of its own: it names the children.
    const own = await guardian.client.post(`/api/events/${event.id}/payments/checkout`, {});
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('for_user_ids_invalid');
    const session = await checkout(guardian, event.id, { forUserIds: ids });
    const sent = stripe.calls.slice(before).find((call) => call.path === '/v1/checkout/sessions');
    expect(sent?.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: '4500' }, quantity: '2' }],
      metadata: { eventId: String(event.id), payerId: String(guardian.user.id), userIds: ids.join(',') },
      // A guardian account sees no event pages: back to the guardian page.
      success_url: `https://events.example.org/guardian?event=${event.id}&payment=success`,
      cancel_url: `https://events.example.org/guardian?event=${event.id}&payment=cancelled`,
    });
    expect(session.amount_total).toBe(9000);

    const paid = stripe.eventFor('checkout.session.completed', stripe.complete(session.id));
    const answers = await Promise.all(Array.from({ length: 5 }, () => stripe.sendWebhook(webhook(), paid)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    for (const id of ids) {
      expect(await replyOf(event.id, id)).toBe('attending');
      expect(await paymentOf(event.id, id)).toMatchObject({ status: 'paid', method: 'stripe', amount: 4500 });
    }
    const audits = await app.deps.prisma.auditEntry.findMany({
      where: { action: 'payment.recorded', subjectId: { in: ids.map((id) => `${event.id}:${id}`) } },
    });
    expect(audits.map((entry) => entry.subjectId).sort()).toEqual(ids.map((id) => `${event.id}:${id}`).sort());
    expect(audits.every((entry) => entry.actorId === guardian.user.id)).toBe(true);
    const row = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: event.id } });
    expect(row.attendingPeople).toBe(2);
  }, 90_000); // the first test of a file also warms the database up: slow on a busy shared machine

  it('When a delayed payment completes unpaid, then the member waits until Stripe says it succeeded or failed', async () => {
    const event = await trip();
    const slow = await app.signedIn({ name: 'Sam Slow' });
    const failing = await app.signedIn({ name: 'Fin Failing' });
    for (const who of [slow, failing]) {
      expect((await who.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
    }

    const slowSession = await checkout(slow, event.id);
    await send('checkout.session.completed', stripe.complete(slowSession.id, { delayed: true }));
    // Completed but not paid yet: nothing is marked paid.
    expect(await paymentOf(event.id, slow.user.id)).toMatchObject({ status: 'pending' });
    expect(await replyOf(event.id, slow.user.id)).toBe('awaiting_payment');
    await send('checkout.session.async_payment_succeeded', stripe.settle(slowSession.id, true));
    expect(await paymentOf(event.id, slow.user.id)).toMatchObject({ status: 'paid', method: 'stripe', amount: 4500 });
    expect(await replyOf(event.id, slow.user.id)).toBe('attending');

    const failingSession = await checkout(failing, event.id);
    await send('checkout.session.completed', stripe.complete(failingSession.id, { delayed: true }));
    await send('checkout.session.async_payment_failed', stripe.settle(failingSession.id, false));
    expect(await paymentOf(event.id, failing.user.id)).toMatchObject({ status: 'owed', providerSessionId: null });
    // The place stays held until its own deadline, like after an expired session.
    expect(await replyOf(event.id, failing.user.id)).toBe('awaiting_payment');
    const mine = (await failing.client.get(`/api/events/${event.id}`)).body as EventDetail;
    expect(mine.myPayment).toMatchObject({ status: 'owed', dueBy: expect.any(String) });
  });

  it('When a month has passed, then housekeeping forgets the handled Stripe events, and not before', async () => {
    const event = await trip();
    const member = await app.signedIn({ name: 'Max Month' });
    await member.client.post(`/api/events/${event.id}/attend`, { status: 'attending' });
    const session = await checkout(member, event.id);
    const delivered = stripe.eventFor('checkout.session.completed', stripe.complete(session.id));
    expect((await stripe.sendWebhook(webhook(), delivered)).status).toBe(200);
    const kept = () => app.deps.prisma.stripeEvent.count({ where: { id: delivered.id as string } });
    expect(await kept()).toBe(1);

    const now = Date.now();
    try {
      app.setNow(new Date(now + 29 * DAY_MS));
      await pruneExpired(app.deps, app.system.services);
      expect(await kept()).toBe(1);
      app.setNow(new Date(now + 31 * DAY_MS));
      await pruneExpired(app.deps, app.system.services);
      expect(await kept()).toBe(0);
    } finally {
      app.setNow(new Date(now));
    }
  });
});
