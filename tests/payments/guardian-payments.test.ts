// A guardian and their children's fees, over HTTP against the local fake Stripe, on PGlite and PostgreSQL: the
// family list (GET /api/guardian/children) carries each child's payment to that child's guardians only, and a
// guardian account pays for two children in one Checkout that brings it back to the family page.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, GuardianChild } from '../../shared/types';
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

describe.each(DATABASE_KINDS)('a guardian paying for children on %s', (kind) => {
  let stripe: FakeStripe;
  let app: TestApp;
  let leader: Who;
  let families = 0;

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
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
  });
  afterAll(async () => {
    await app.stop();
    await stripe.close();
  });

  /** A guardian account with two children, each with its consent. */
  async function family(): Promise<Who & { children: User[] }> {
    families += 1;
    const guardian = await app.signedIn({ name: `Parent ${families}`, role: 'guardian' });
    const children: User[] = [];
    for (const name of ['Ann', 'Bo']) {
      const child = await app.deps.prisma.user.create({
        data: { name: `${name} Family${families}`, birthDate: new Date('2015-04-01') },
      });
      await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.id } });
      await app.deps.prisma.guardianConsent.create({
        data: { childId: child.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
      });
      children.push(child);
    }
    return { ...guardian, children };
  }

  const create = async (body: Record<string, unknown>) => {
    const res = await leader.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const replyFor = async (guardian: Who, eventId: number, child: User) => {
    const res = await guardian.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserId: child.id,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.status as string;
  };
  const familyList = async (who: Who) => {
    const res = await who.client.get('/api/guardian/children');
    expect(res.status, res.text).toBe(200);
    return res.body as GuardianChild[];
  };
  const upcomingOf = (list: GuardianChild[], child: User, eventId: number) =>
    list.find((entry) => entry.id === child.id)?.upcoming.find((reply) => reply.eventId === eventId);

  it('When a guardian replies for a child on a pay-to-confirm trip, then the family list shows the place held and what is owed', async () => {
    const parent = await family();
    const [ann, bo] = parent.children as [User, User];
    const trip = await create({ name: 'Zoo trip', fee: { amount: 1250 }, paymentMode: 'pay_to_confirm', capacity: 10 });
    const walk = await create({ name: 'Free walk' });
    expect(await replyFor(parent, trip.id, ann)).toBe('awaiting_payment');
    expect(await replyFor(parent, walk.id, bo)).toBe('attending');

    const list = await familyList(parent);
    const held = upcomingOf(list, ann, trip.id);
    expect(held).toMatchObject({
      status: 'awaiting_payment',
      payment: { status: 'owed', amount: 1250, currency: 'EUR', dueBy: expect.any(String) },
    });
    const hold = await app.deps.prisma.attendance.findUniqueOrThrow({
      where: { eventId_userId: { eventId: trip.id, userId: ann.id } },
    });
    expect(held?.payment?.dueBy).toBe(hold.paymentHoldUntil?.toISOString());
    // A free event carries no payment; a child who has not replied has no entry at all.
    expect(upcomingOf(list, bo, walk.id)).toMatchObject({ status: 'attending', payment: null });
    expect(upcomingOf(list, bo, trip.id)).toBeUndefined();
  });

  it('When a waiver is recorded for a child, then their guardian reads "waived" and nobody else gets the child at all', async () => {
    const parent = await family();
    const [ann] = parent.children as [User, User];
    const camp = await create({ name: 'Camp', fee: { amount: 3000 }, paymentMode: 'pay_later' });
    expect(await replyFor(parent, camp.id, ann)).toBe('attending');
    const waived = await leader.client.post(`/api/events/${camp.id}/attendees/${ann.id}/payment`, {
      method: 'waived',
    });
    expect(waived.status, waived.text).toBe(200);
    expect(upcomingOf(await familyList(parent), ann, camp.id)?.payment).toEqual({
      status: 'waived',
      amount: 0,
      currency: 'EUR',
    });
    // Another family's guardian, and a member, see nothing of this child.
    const other = await family();
    const stranger = await app.signedIn({ name: 'Sam Stranger' });
    for (const who of [other, stranger]) {
      expect((await familyList(who)).some((entry) => entry.id === ann.id)).toBe(false);
    }
  });

  it('When a guardian account pays for two children in one checkout, then one session covers both and both are paid', async () => {
    const parent = await family();
    const [ann, bo] = parent.children as [User, User];
    const trip = await create({
      name: 'Boat trip',
      fee: { amount: 1500 },
      paymentMode: 'pay_to_confirm',
      capacity: 10,
    });
    for (const child of [ann, bo]) expect(await replyFor(parent, trip.id, child)).toBe('awaiting_payment');

    const res = await parent.client.post(`/api/events/${trip.id}/payments/checkout`, { forUserIds: [ann.id, bo.id] });
    expect(res.status, res.text).toBe(201);
    const session = [...stripe.sessions.values()].find((candidate) => candidate.url === res.body.url)!;
    expect(session).toMatchObject({
      amount_total: 3000,
      metadata: { eventId: String(trip.id), payerId: String(parent.user.id), userIds: `${ann.id},${bo.id}` },
      // A guardian account may not open event pages: it comes back to the family page, told which event.
      success_url: `https://events.example.org/guardian?event=${trip.id}&payment=success`,
      cancel_url: `https://events.example.org/guardian?event=${trip.id}&payment=cancelled`,
    });
    let list = await familyList(parent);
    // Waiting on the checkout, the places are still held until their deadline.
    for (const child of [ann, bo]) {
      expect(upcomingOf(list, child, trip.id)?.payment).toMatchObject({ status: 'pending', dueBy: expect.any(String) });
    }

    const paid = await stripe.sendWebhook(
      `${app.url}/api/payments/stripe/webhook`,
      stripe.eventFor('checkout.session.completed', stripe.complete(session.id)),
    );
    expect(paid.status).toBe(200);
    list = await familyList(parent);
    for (const child of [ann, bo]) {
      expect(upcomingOf(list, child, trip.id)).toMatchObject({
        status: 'attending',
        payment: { status: 'paid', amount: 1500, currency: 'EUR' },
      });
    }
  });

  it('When a guardian account names no child or a child not theirs, then it is refused and no session is made', async () => {
    const parent = await family();
    const other = await family();
    const trip = await create({ name: 'Museum', fee: { amount: 800 }, paymentMode: 'pay_later' });
    expect(await replyFor(other, trip.id, other.children[0]!)).toBe('attending');
    const before = stripe.sessions.size;
    // A guardian account has no fee of its own: it must name the children it pays for.
    const own = await parent.client.post(`/api/events/${trip.id}/payments/checkout`, {});
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('for_user_ids_invalid');
    const notMine = await parent.client.post(`/api/events/${trip.id}/payments/checkout`, {
      forUserIds: [other.children[0]!.id],
    });
    expect(notMine.status).toBe(403);
    expect(stripe.sessions.size).toBe(before);
  });

  it('When a member pays their own fee without PUBLIC_URL, then Stripe is sent back to this server’s event page', async () => {
    const local = await startTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    try {
      const organiser = await local.signedIn({ role: 'organiser' });
      const member = await local.signedIn({ name: 'Mia Member' });
      const created = await organiser.client.post('/api/events', {
        ...eventBody(),
        fee: { amount: 500 },
        paymentMode: 'pay_later',
      });
      const id = created.body.id as number;
      expect((await member.client.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
      const res = await member.client.post(`/api/events/${id}/payments/checkout`, {});
      expect(res.status, res.text).toBe(201);
      const session = [...stripe.sessions.values()].find((candidate) => candidate.url === res.body.url)!;
      expect(session.success_url).toBe(`${local.url}/events/${id}?payment=success`);
      expect(session.cancel_url).toBe(`${local.url}/events/${id}?payment=cancelled`);
    } finally {
      await local.stop();
    }
  });
});
