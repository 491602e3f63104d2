// Pay-to-confirm places over HTTP: "attending" to an event with a fee holds the place as awaiting_payment for
// PAYMENT_HOLD_MINUTES, counted against capacity; a recorded payment confirms it; an unpaid hold is released when
// its time runs out and the waitlist moves up exactly once, also with several sweepers racing (each with its own
// queue, as separate instances are) on the same database.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../api/src/system/services';
import type { Attendee, EventDetail } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const NOW = new Date('2030-05-01T10:00:00.000Z');
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe.each(DATABASE_KINDS)('places held for payment on %s', (kind) => {
  let app: TestApp;
  let leader: Who;
  let members: Who[];

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PAYMENT_HOLD_MINUTES: '30' } });
    app.setNow(NOW);
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
    members = [];
    for (const name of ['Amy', 'Ben', 'Cat', 'Dan']) members.push(await app.signedIn({ name: `${name} Member` }));
  });
  afterAll(() => app.stop());

  const create = async (body: Record<string, unknown>) => {
    const res = await leader.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const attend = async (who: Who, id: number) => {
    const res = await who.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(res.status, res.text).toBe(200);
    return res.body as { status: string; attendingCount: number; spotsLeft: number | null };
  };
  const statusOf = async (eventId: number, who: Who) =>
    (await app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId, userId: who.user.id } } }))
      ?.status;

  it('When the fee is paid later, then attending is at once and the payment is owed', async () => {
    app.setNow(NOW);
    const later = await create({ name: 'Bake sale', fee: { amount: 300 }, paymentMode: 'pay_later', capacity: 5 });
    expect(await attend(members[0]!, later.id)).toMatchObject({ status: 'attending', attendingCount: 1 });
    const seen = await members[0]!.client.get(`/api/events/${later.id}`);
    expect(seen.body.myPayment).toEqual({ status: 'owed', amount: 300, currency: 'EUR' });
  });

  it('When the fee is paid to confirm, then places are held, counted, paid into attending, and released once', async () => {
    app.setNow(NOW);
    const [amy, ben, cat, dan] = members as [Who, Who, Who, Who];
    const trip = await create({
      name: 'Canoe trip',
      fee: { amount: 2000 },
      paymentMode: 'pay_to_confirm',
      capacity: 2,
    });
    expect(await attend(amy, trip.id)).toMatchObject({ status: 'awaiting_payment', attendingCount: 1, spotsLeft: 1 });
    const mine = (await amy.client.get(`/api/events/${trip.id}`)).body as EventDetail;
    expect(mine.myStatus).toBe('awaiting_payment');
    expect(mine.myPayment).toEqual({
      status: 'owed',
      amount: 2000,
      currency: 'EUR',
      dueBy: minutesLater(30).toISOString(),
    });
    // Asked again later, the hold keeps its deadline.
    app.setNow(minutesLater(10));
    expect(await attend(amy, trip.id)).toMatchObject({ status: 'awaiting_payment' });
    expect((await amy.client.get(`/api/events/${trip.id}`)).body.myPayment.dueBy).toBe(minutesLater(30).toISOString());

    expect(await attend(ben, trip.id)).toMatchObject({ status: 'awaiting_payment', spotsLeft: 0 });
    // Held places count: the next member waits.
    expect(await attend(cat, trip.id)).toMatchObject({ status: 'waitlisted' });
    expect(await attend(dan, trip.id)).toMatchObject({ status: 'waitlisted' });
    // A held place is the member's and the organisers' business only.
    const asCat = (await cat.client.get(`/api/events/${trip.id}`)).body as EventDetail;
    expect(asCat.attendingCount).toBe(2);
    const listed = (await cat.client.get(`/api/events/${trip.id}/attendees`)).body as Attendee[];
    expect(listed.map((entry) => entry.name)).not.toContain('Amy Member');

    // Amy pays in cash: she attends.
    const paid = await leader.client.post(`/api/events/${trip.id}/attendees/${amy.user.id}/payment`, {
      method: 'cash',
    });
    expect(paid.status, paid.text).toBe(200);
    expect(await statusOf(trip.id, amy)).toBe('attending');

    // Before Ben's deadline (he replied at +10) nothing is released.
    app.setNow(minutesLater(39));
    expect(await app.system.services.rsvp.expirePaymentHolds()).toBe(0);
    // After it, his place goes to Cat (held for her payment in turn), once.
    app.setNow(minutesLater(41));
    expect(await app.system.services.rsvp.expirePaymentHolds()).toBe(1);
    expect(await app.system.services.rsvp.expirePaymentHolds()).toBe(0);
    expect(await statusOf(trip.id, ben)).toBe('not_attending');
    expect(await statusOf(trip.id, cat)).toBe('awaiting_payment');
    expect(await statusOf(trip.id, dan)).toBe('waitlisted');
    const catsPayment = (await cat.client.get(`/api/events/${trip.id}`)).body.myPayment;
    expect(catsPayment).toMatchObject({ status: 'owed', dueBy: minutesLater(71).toISOString() });
    const row = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: trip.id } });
    expect(row).toMatchObject({ attendingPeople: 2, waitlistCount: 1 });
    const expired = await app.deps.prisma.auditEntry.findMany({ where: { action: 'payment.hold_expired' } });
    expect(expired.map((entry) => entry.subjectId)).toEqual([`${trip.id}:${ben.user.id}`]);

    // Ben, who never paid, waits again; Cat pays by bank transfer and attends.
    expect(await attend(ben, trip.id)).toMatchObject({ status: 'waitlisted' });
    const transfer = { method: 'bank_transfer' };
    expect((await leader.client.post(`/api/events/${trip.id}/attendees/${cat.user.id}/payment`, transfer)).status).toBe(
      200,
    );
    expect(await statusOf(trip.id, cat)).toBe('attending');
  });

  it('When several sweepers release expired holds at once, then each place is released and refilled exactly once', async () => {
    app.setNow(NOW);
    const capacity = 6;
    const big = await create({ name: 'Ski week', fee: { amount: 150_000 }, paymentMode: 'pay_to_confirm', capacity });
    const crowd: Who[] = [];
    for (let i = 0; i < capacity * 2; i += 1) crowd.push(await app.signedIn({ name: `Skier ${i}` }));
    for (const who of crowd) await attend(who, big.id);
    const held = crowd.slice(0, capacity);
    const waiting = crowd.slice(capacity);
    for (const who of held) expect(await statusOf(big.id, who)).toBe('awaiting_payment');
    for (const who of waiting) expect(await statusOf(big.id, who)).toBe('waitlisted');

    app.setNow(minutesLater(45));
    // Four instances' services over the same database, each with its own event queues.
    const sweepers = [app.system.services, ...[1, 2, 3].map(() => createServices(app.deps))];
    const released = await Promise.all(sweepers.map((services) => services.rsvp.expirePaymentHolds()));
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(capacity);
    for (const who of held) expect(await statusOf(big.id, who)).toBe('not_attending');
    for (const who of waiting) expect(await statusOf(big.id, who)).toBe('awaiting_payment');
    const row = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: big.id } });
    expect(row).toMatchObject({ attendingPeople: capacity, waitlistCount: 0 });
    const audits = await app.deps.prisma.auditEntry.count({
      where: { action: 'payment.hold_expired', subjectId: { startsWith: `${big.id}:` } },
    });
    expect(audits).toBe(capacity);
    // Those promoted were told once each, to pay by their deadline.
    const jobs = await app.deps.prisma.notificationJob.findMany({ where: { eventId: big.id, kind: 'promoted_held' } });
    const told = jobs.flatMap((job) => job.userIds).sort((a, b) => a - b);
    expect(told).toEqual(waiting.map((who) => who.user.id).sort((a, b) => a - b));
  });
});
