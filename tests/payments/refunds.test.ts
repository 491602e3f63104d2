// Refunds and reminders: an organiser's refund (all or part), an online payment refused while no provider can
// refund it, the automatic refund of a member who cancels in time (and none for one who cancels late), everyone
// refunded when an event is deleted, and the one reminder 3 days before to those who owe, in their language.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const NOW = new Date('2030-05-01T10:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

describe.each(DATABASE_KINDS)('refunds and payment reminders on %s', (kind) => {
  let app: TestApp;
  let leader: Who;
  let amy: Who;
  let ben: Who;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
    amy = await app.signedIn({
      name: 'Amy Archer',
      language: 'de',
      googleEmail: 'amy@example.org',
      notificationPrefs: ['email'],
    });
    ben = await app.signedIn({ name: 'Ben Baker', googleEmail: 'ben@example.org', notificationPrefs: ['email'] });
  });
  afterAll(() => app.stop());

  const create = async (body: Record<string, unknown>) => {
    const res = await leader.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const reply = async (who: Who, id: number, status: string) => {
    const res = await who.client.post(`/api/events/${id}/attend`, { status });
    expect(res.status, res.text).toBe(200);
  };
  const payCash = async (eventId: number, who: Who) => {
    const res = await leader.client.post(`/api/events/${eventId}/attendees/${who.user.id}/payment`, { method: 'cash' });
    expect(res.status, res.text).toBe(200);
  };
  const paymentOf = (eventId: number, who: Who) =>
    app.deps.prisma.payment.findUniqueOrThrow({
      where: { eventId_userId: { eventId, userId: who.user.id } },
      include: { refunds: true },
    });
  const refund = (eventId: number, who: Who, body: unknown = {}) =>
    leader.client.post(`/api/events/${eventId}/attendees/${who.user.id}/refund`, body);

  it('When an organiser refunds, then part or all goes back once, and never more than was paid', async () => {
    app.setNow(NOW);
    const camp = await create({ name: 'Camp', date: daysFromNow(1).toISOString(), fee: { amount: 4999 } });
    await reply(amy, camp.id, 'attending');
    await reply(ben, camp.id, 'attending');
    await payCash(camp.id, amy);
    expect(
      (await leader.client.post(`/api/events/${camp.id}/attendees/${ben.user.id}/payment`, { method: 'waived' }))
        .status,
    ).toBe(200);

    expect((await amy.client.post(`/api/events/${camp.id}/attendees/${amy.user.id}/refund`, {})).status).toBe(403);
    expect((await refund(camp.id, ben)).status).toBe(409);
    const tooMuch = await refund(camp.id, amy, { amount: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toContain('at most 4999');
    expect((await refund(camp.id, amy, { amount: 12.5 })).status).toBe(400);
    expect((await refund(camp.id, amy, { amount: 1000 })).body).toMatchObject({ status: 'paid', refundedAmount: 1000 });
    expect((await refund(camp.id, amy)).body).toMatchObject({ status: 'refunded', refundedAmount: 4999 });
    expect((await refund(camp.id, amy)).status).toBe(409);
    const payment = await paymentOf(camp.id, amy);
    expect(payment.refunds.map((r) => r.amount)).toEqual([1000, 3999]);
    // Refunded in full but still holding her place: she owes the fee again.
    expect((await amy.client.get(`/api/events/${camp.id}`)).body.myPayment).toEqual({
      status: 'owed',
      amount: 4999,
      currency: 'EUR',
    });
    expect(await app.deps.prisma.auditEntry.count({ where: { action: 'payment.refunded' } })).toBe(2);
  });

  it('When a payment was taken online and no provider can refund it, then the refund is refused and nothing recorded', async () => {
    app.setNow(NOW);
    const gig = await create({ name: 'Concert', date: daysFromNow(1).toISOString(), fee: { amount: 2500 } });
    await reply(amy, gig.id, 'attending');
    await app.deps.prisma.payment.create({
      data: {
        eventId: gig.id,
        eventName: 'Concert',
        userId: amy.user.id,
        status: 'paid',
        method: 'stripe',
        amount: 2500,
        currency: 'EUR',
        providerPaymentId: 'pi_test',
      },
    });
    const refused = await refund(gig.id, amy);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('Online refunds are not available');
    expect(await paymentOf(gig.id, amy)).toMatchObject({ status: 'paid', refundedAmount: 0, refunds: [] });
    expect((await leader.client.delete(`/api/events/${gig.id}/attendees/${amy.user.id}/payment`)).status).toBe(409);
  });

  it('When members cancel, then one who cancels in time is refunded and one who cancels late is not', async () => {
    app.setNow(NOW);
    const trip = await create({
      name: 'Trip',
      date: daysFromNow(5).toISOString(),
      fee: { amount: 1500, currency: 'JPY' },
    });
    await reply(amy, trip.id, 'attending');
    await reply(ben, trip.id, 'attending');
    await payCash(trip.id, amy);
    await payCash(trip.id, ben);
    // Four days before: at least 48 hours ahead.
    app.setNow(daysFromNow(1));
    await reply(amy, trip.id, 'not_attending');
    expect(await paymentOf(trip.id, amy)).toMatchObject({ status: 'refunded', refundedAmount: 1500 });
    expect((await paymentOf(trip.id, amy)).refunds).toEqual([
      expect.objectContaining({ reason: 'cancelled', amount: 1500 }),
    ]);
    // A day before: too late, the money stays paid.
    app.setNow(daysFromNow(4));
    await reply(ben, trip.id, 'maybe');
    expect(await paymentOf(trip.id, ben)).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('When an event is deleted, then everyone who paid is refunded once, and the ledger keeps it', async () => {
    app.setNow(NOW);
    const party = await create({
      name: 'Party',
      date: daysFromNow(10).toISOString(),
      fee: { amount: 1250, currency: 'KWD' },
    });
    await reply(amy, party.id, 'attending');
    await reply(ben, party.id, 'attending');
    await payCash(party.id, amy);
    await payCash(party.id, ben);
    expect((await leader.client.delete(`/api/events/${party.id}`)).status).toBe(204);
    for (const who of [amy, ben]) {
      const payment = await paymentOf(party.id, who);
      expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 1250, eventName: 'Party' });
      expect(payment.refunds).toEqual([expect.objectContaining({ reason: 'event_deleted', amount: 1250 })]);
    }
    expect(await app.system.services.refunds.refundDeletedEvents()).toBe(0);
  });

  it('When an event with a fee is 3 days away, then those who owe are reminded once, in their language', async () => {
    app.setNow(NOW);
    const hike = await create({ name: 'Hike', date: daysFromNow(4).toISOString(), fee: { amount: 1250 } });
    await reply(amy, hike.id, 'attending');
    await reply(ben, hike.id, 'attending');
    await payCash(hike.id, ben);
    const reminders = app.system.services.paymentReminders;
    const ofHike = () =>
      app.deps.prisma.outboxMessage.findMany({
        where: { kind: 'payment_reminder', idempotencyKey: { startsWith: `payment_reminder:${hike.id}:` } },
      });
    // Four days ahead: not yet.
    await reminders.sendDue(NOW);
    expect(await ofHike()).toHaveLength(0);
    const due = daysFromNow(1.5);
    app.setNow(due);
    await reminders.sendDue(due);
    // Again, and on two instances at once later: nothing more.
    await Promise.all([reminders.sendDue(due), reminders.sendDue(daysFromNow(2))]);
    const sent = await ofHike();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userId: amy.user.id, channel: 'email', recipient: 'amy@example.org' });
    expect(sent[0]!.subject).toBe('Zahlung fällig: Hike');
    expect(sent[0]!.body).toContain('12,50');
  });
});
