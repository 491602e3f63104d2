// Every way into a place on an event whose fee is paid to confirm goes through the same hold: a guardian's reply
// for several children (together or one by one), a guardian's approval of a minor's held place, a promotion after
// an erasure frees a spot. What members are told: a promotion into a held place says to pay by its deadline and
// where; a released hold tells the member (and a minor's guardians, in copy) in their language. On PGlite and
// PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEventDate } from '../../api/src/modules/notifications/templates';
import type { Attendee, EventDetail } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const PUBLIC_URL = 'https://events.example.org';
const NOW = new Date('2030-05-01T10:00:00.000Z');
/** Ten years old while these tests run (the app's clock is in 2030). */
const CHILD_BIRTH = new Date('2020-05-01T00:00:00.000Z');
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let counter = 0;

describe.each(DATABASE_KINDS)('the payment hold on every path into a place on %s', (kind) => {
  let app: TestApp;
  let leader: Who;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PAYMENT_HOLD_MINUTES: '30', PUBLIC_URL } });
    app.setNow(NOW);
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
  });
  afterAll(() => app.stop());

  const email = (name: string) => `${name.split(' ')[0]!.toLowerCase()}-${kind}-${++counter}@example.org`;
  const member = (name: string, extra: Partial<User> = {}) =>
    app.signedIn({ name, googleEmail: email(name), notificationPrefs: ['email'], ...extra });

  /** A guardian (who gets copies by email) with `count` consented children, each signed in too. */
  async function family(count: number) {
    const guardian = await app.signedIn({
      name: `Gina Guardian ${++counter}`,
      role: 'guardian',
      googleEmail: email('gina'),
      notificationPrefs: ['email'],
    });
    const children: Who[] = [];
    for (let index = 0; index < count; index += 1) {
      const child = await member(`Kid${index} Family${counter}`, { birthDate: CHILD_BIRTH });
      await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
      await app.deps.prisma.guardianConsent.create({
        data: { childId: child.user.id, guardianId: guardian.user.id, method: 'paper', textVersion: 0 },
      });
      children.push(child);
    }
    return { guardian, children };
  }

  const trip = async (body: Record<string, unknown> = {}) => {
    const res = await leader.client.post('/api/events', {
      ...eventBody({ name: `Canoe trip ${++counter}` }),
      fee: { amount: 2000 },
      paymentMode: 'pay_to_confirm',
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const replyOf = (eventId: number, who: Who) =>
    app.deps.prisma.attendance.findUniqueOrThrow({ where: { eventId_userId: { eventId, userId: who.user.id } } });
  const attend = async (who: Who, eventId: number, body: Record<string, unknown> = {}) => {
    const res = await who.client.post(`/api/events/${eventId}/attend`, { status: 'attending', ...body });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const expandJobs = async () => {
    while (await app.system.outbox.expandNext(app.deps.now(), 500));
  };
  const mailsTo = (userId: number, kindOf: string) =>
    app.deps.prisma.outboxMessage.findMany({
      where: { userId, kind: kindOf, channel: 'email' },
      orderBy: { id: 'asc' },
    });

  it('When a guardian replies for several children, then each unpaid child’s place is held and a waived one attends', async () => {
    app.setNow(NOW);
    const event = await trip({ capacity: 5 });
    const { guardian, children } = await family(3);
    const [first, second, third] = children as [Who, Who, Who];
    // The third child's fee is waived first (a waiver needs a place to hold).
    expect(await attend(guardian, event.id, { forUserId: third.user.id })).toMatchObject({
      status: 'awaiting_payment',
    });
    const waived = await leader.client.post(`/api/events/${event.id}/attendees/${third.user.id}/payment`, {
      method: 'waived',
    });
    expect(waived.status, waived.text).toBe(200);

    app.setNow(minutesLater(5));
    const together = await attend(guardian, event.id, {
      forUserIds: [first.user.id, second.user.id, third.user.id],
      together: true,
    });
    expect(together.replies.map((reply: { status: string }) => reply.status)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
      'attending',
    ]);
    for (const child of [first, second]) {
      expect(await replyOf(event.id, child)).toMatchObject({ paymentHoldUntil: minutesLater(35) });
      const seen = (await child.client.get(`/api/events/${event.id}`)).body as EventDetail;
      expect(seen.myPayment).toMatchObject({ status: 'owed', dueBy: minutesLater(35).toISOString() });
    }
    expect(await replyOf(event.id, third)).toMatchObject({ status: 'attending', paymentHoldUntil: null });

    // One by one (not together) on another trip: the same rule.
    const other = await trip({ capacity: 5 });
    const oneByOne = await attend(guardian, other.id, { forUserIds: [first.user.id, second.user.id] });
    expect(oneByOne.replies.map((reply: { status: string }) => reply.status)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
    ]);
    const row = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: other.id } });
    expect(row.attendingPeople).toBe(2);
  }, 90_000); // the first test of a file also warms the database up: slow on a busy shared machine

  it('When a guardian approves a minor’s held place on a trip with a fee, then the place waits for the payment', async () => {
    app.setNow(NOW);
    const event = await trip({ capacity: 5, requiresGuardianApproval: true });
    const { guardian, children } = await family(1);
    const child = children[0]!;
    expect(await attend(child, event.id)).toMatchObject({ status: 'awaiting_guardian' });

    app.setNow(minutesLater(60));
    const approved = await guardian.client.post(`/api/guardian/children/${child.user.id}/events/${event.id}/approval`, {
      approve: true,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('awaiting_payment');
    // The hold starts with the approval, not with the child's reply.
    expect(await replyOf(event.id, child)).toMatchObject({
      status: 'awaiting_payment',
      paymentHoldUntil: minutesLater(90),
    });
  });

  it('When an erasure frees a place, then the next on the waitlist is held and told to pay by the deadline', async () => {
    app.setNow(NOW);
    const event = await trip({ capacity: 1 });
    const leaving = await member('Lou Leaving');
    const next = await member('Nia Next');
    expect(await attend(leaving, event.id)).toMatchObject({ status: 'awaiting_payment' });
    expect(await attend(next, event.id)).toMatchObject({ status: 'waitlisted' });

    app.setNow(minutesLater(10));
    const erased = await leaving.client.request('DELETE', '/api/users/me', { confirm: true });
    expect(erased.status, erased.text).toBe(204);
    // Erasure runs on the wall clock: the hold is counted from the promotion.
    const promoted = await replyOf(event.id, next);
    expect(promoted.status).toBe('awaiting_payment');
    const heldUntil = promoted.paymentHoldUntil!;
    expect(heldUntil.getTime() - promoted.respondedAt.getTime()).toBe(30 * 60_000);

    await expandJobs();
    const [told, ...more] = await mailsTo(next.user.id, 'promoted_held');
    expect(more).toEqual([]);
    expect(told!.subject).toBe(`A spot is held for you: ${event.name}`);
    expect(told!.body).toContain('it is held for you until');
    expect(told!.body).toContain(formatEventDate(heldUntil, app.config.notificationsTimeZone, 'en'));
    expect(told!.body).toContain('Please pay €20.00 by then');
    expect(told!.body).toContain(`Pay on the event page: ${PUBLIC_URL}/events/${event.id}`);
    // Not the plain "you are now attending" message.
    expect(await mailsTo(next.user.id, 'promoted')).toEqual([]);
  });

  it('When holds run out, then each member hears it in their language and a minor’s guardian gets a copy', async () => {
    app.setNow(NOW);
    const event = await trip({ capacity: 5 });
    const greta = await member('Greta Deutsch', { language: 'de' });
    const { guardian, children } = await family(1);
    const child = children[0]!;
    await attend(greta, event.id);
    await attend(guardian, event.id, { forUserId: child.user.id });

    app.setNow(minutesLater(31));
    await app.system.services.rsvp.expirePaymentHolds();
    expect(await app.system.services.rsvp.expirePaymentHolds()).toBe(0);
    const released = await app.deps.prisma.auditEntry.count({
      where: { action: 'payment.hold_expired', subjectId: { startsWith: `${event.id}:` } },
    });
    expect(released).toBe(2);
    await expandJobs();

    const [german, ...again] = await mailsTo(greta.user.id, 'payment_hold_expired');
    expect(again).toEqual([]);
    expect(german!.subject).toBe(`Platz freigegeben: ${event.name}`);
    expect(german!.body).toContain('wurde freigegeben, weil er nicht rechtzeitig bezahlt wurde');
    expect(german!.body).toContain(`${PUBLIC_URL}/events/${event.id}`);
    const [own] = await mailsTo(child.user.id, 'payment_hold_expired');
    expect(own!.body).toMatch(/^Your held place at .* was released because it was not paid in time\./);
    const [copy, ...copies] = await mailsTo(guardian.user.id, 'payment_hold_expired');
    expect(copies).toEqual([]);
    expect(copy!.body).toMatch(new RegExp(`^About ${child.user.name}:\\n\\nYour held place at`));
  });

  it('When a member is refunded in full but keeps their place, then they owe again; a partial refund stays paid', async () => {
    app.setNow(NOW);
    const event = await trip({ capacity: 5, paymentMode: 'pay_later' });
    const full = await member('Fay Full');
    const part = await member('Pat Part');
    for (const who of [full, part]) {
      await attend(who, event.id);
      const paid = await leader.client.post(`/api/events/${event.id}/attendees/${who.user.id}/payment`, {
        method: 'cash',
      });
      expect(paid.status, paid.text).toBe(200);
    }
    const refund = (who: Who, body: Record<string, unknown>) =>
      leader.client.post(`/api/events/${event.id}/attendees/${who.user.id}/refund`, body);
    expect((await refund(full, {})).status).toBe(200);
    expect((await refund(part, { amount: 500 })).status).toBe(200);

    const mine = async (who: Who) => ((await who.client.get(`/api/events/${event.id}`)).body as EventDetail).myPayment;
    expect(await mine(full)).toEqual({ status: 'owed', amount: 2000, currency: 'EUR' });
    expect(await mine(part)).toEqual({ status: 'paid', amount: 2000, currency: 'EUR' });
    const totals = async () => ((await leader.client.get(`/api/events/${event.id}`)).body as EventDetail).payments;
    expect(await totals()).toEqual({ paid: 1, owed: 1, waived: 0, refunded: 0, total: 1500 });
    const list = (await leader.client.get(`/api/events/${event.id}/attendees`)).body as Attendee[];
    expect(list.find((entry) => entry.id === full.user.id)?.payment).toBe('owed');

    // Giving the place up, they are simply refunded.
    const gone = await full.client.post(`/api/events/${event.id}/attend`, { status: 'not_attending' });
    expect(gone.status).toBe(200);
    expect(await mine(full)).toEqual({ status: 'refunded', amount: 2000, currency: 'EUR' });
    expect(await totals()).toEqual({ paid: 1, owed: 0, waived: 0, refunded: 1, total: 1500 });
  });
});
