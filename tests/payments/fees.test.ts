// Fees over HTTP: an event's fee in minor units (¥ with 0 decimals, € with 2, KWD with 3), pay-later replies that
// owe it, organisers recording cash, bank transfers and waivers (and undoing them), what each reader sees of a
// payment (a waiver reads "paid" to everyone but organisers), the treasurer's ledger and the member's export.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendee, EventDetail } from '../../shared/types';
import type { PaymentLedgerEntry } from '../../shared/types/payments';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };

/** A CSV answer's rows of cells (every cell quoted, as lib/csv.ts writes them). */
const csvRows = (text: string) =>
  text
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => cell[1]!.replace(/""/g, '"')));
const NOW = new Date('2030-05-01T10:00:00.000Z');

describe.each(DATABASE_KINDS)('event fees and recorded payments on %s', (kind) => {
  let app: TestApp;
  let admin: Who;
  let leader: Who;
  let amy: Who;
  let ben: Who;
  let cat: Who;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
    amy = await app.signedIn({ name: 'Amy Archer' });
    ben = await app.signedIn({ name: 'Ben Baker' });
    cat = await app.signedIn({ name: 'Cat Cooper' });
  });
  afterAll(() => app.stop());

  const create = async (who: Who, body: Record<string, unknown>) => {
    const res = await who.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const details = async (who: Who, id: number) => {
    const res = await who.client.get(`/api/events/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body as EventDetail;
  };
  const attend = async (who: Who, id: number) => {
    const res = await who.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(res.status, res.text).toBe(200);
    return res.body as { status: string };
  };
  const pay = (who: Who, id: number, userId: number, body: unknown) =>
    who.client.post(`/api/events/${id}/attendees/${userId}/payment`, body);

  it('When an event has no fee, then it reads as free and its details carry no payment', async () => {
    const free = await create(leader, { name: 'Free picnic' });
    expect(free.fee).toBeNull();
    expect(free.paymentMode).toBe('pay_later');
    expect(await attend(amy, free.id)).toMatchObject({ status: 'attending' });
    const seen = await details(amy, free.id);
    expect(seen).not.toHaveProperty('myPayment');
    expect(seen).not.toHaveProperty('payments');
    const list = await amy.client.get(`/api/events/${free.id}/attendees`);
    expect((list.body as Attendee[]).every((entry) => entry.payment === undefined)).toBe(true);
    const refused = await pay(leader, free.id, amy.user.id, { method: 'cash' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This event has no fee');
  });

  it('When fees are in yen, euros and dinars, then the minor units are kept exactly and the currency defaults', async () => {
    const yen = await create(leader, { name: 'Tokyo trip', fee: { amount: 1500, currency: 'jpy' } });
    expect(yen.fee).toEqual({ amount: 1500, currency: 'JPY' });
    expect((await leader.client.get('/api/payments/defaults')).body).toEqual({ currency: 'EUR' });
    const euro = await create(leader, { name: 'Camp', fee: { amount: 1250 } });
    expect(euro.fee).toEqual({ amount: 1250, currency: 'EUR' });
    const dinar = await create(leader, { name: 'Kuwait visit', fee: { amount: 1250, currency: 'KWD' } });
    expect(dinar.fee).toEqual({ amount: 1250, currency: 'KWD' });
    // The organisation's currency is the default from then on; an event keeps its own when edited.
    const saved = await admin.client.patch('/api/admin/organisation', { currency: 'gbp', refundUntilHours: 24 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ currency: 'GBP', refundUntilHours: 24 });
    // The event form starts a new fee in it: any signed-in member may read it (a section leader is no admin).
    expect((await amy.client.get('/api/payments/defaults')).body).toEqual({ currency: 'GBP' });
    expect((await app.anonymous().get('/api/payments/defaults')).status).toBe(401);
    expect((await create(leader, { name: 'London', fee: { amount: 999 } })).fee).toEqual({
      amount: 999,
      currency: 'GBP',
    });
    const edited = await leader.client.patch(`/api/events/${euro.id}`, {
      ...eventBody(),
      name: 'Camp',
      fee: { amount: 1300 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.fee).toEqual({ amount: 1300, currency: 'EUR' });
    // An edit that leaves the fee out keeps it; null makes the event free.
    const kept = await leader.client.patch(`/api/events/${euro.id}`, { ...eventBody(), name: 'Camp!' });
    expect(kept.body.fee).toEqual({ amount: 1300, currency: 'EUR' });
    const freed = await leader.client.patch(`/api/events/${dinar.id}`, { ...eventBody(), fee: null });
    expect(freed.body.fee).toBeNull();
    expect((await admin.client.patch('/api/admin/organisation', { currency: 'EUR' })).status).toBe(200);
  });

  it('When a fee or a mode is malformed, then a 400 names the problem and nothing is created', async () => {
    const before = await app.deps.prisma.event.count();
    const cases: Array<[unknown, unknown, string]> = [
      [{ amount: 0 }, undefined, 'The fee amount must be a whole number'],
      [{ amount: 12.5 }, undefined, 'The fee amount must be a whole number'],
      [{ amount: '1250' }, undefined, 'The fee amount must be a whole number'],
      [{ amount: 1_000_001 }, undefined, 'The fee amount must be a whole number'],
      [{ amount: 100, currency: 'XYZ' }, undefined, 'The currency must be an ISO 4217 code such as EUR'],
      [{ amount: 100, currency: 'EURO' }, undefined, 'The currency must be an ISO 4217 code such as EUR'],
      [{ amount: 100, currency: 7 }, undefined, 'The currency must be an ISO 4217 code such as EUR'],
      ['12.50', undefined, 'The fee must be an object with an amount and a currency'],
      [{ amount: 100 }, 'pay_now', 'paymentMode must be pay_to_confirm or pay_later'],
    ];
    for (const [fee, paymentMode, message] of cases) {
      const res = await leader.client.post('/api/events', { ...eventBody(), fee, paymentMode });
      expect(res.status, `${JSON.stringify(fee)} ${res.text}`).toBe(400);
      expect(res.body.error).toContain(message);
    }
    const settings = await admin.client.patch('/api/admin/organisation', { refundUntilHours: -1 });
    expect(settings.status).toBe(400);
    expect(await app.deps.prisma.event.count()).toBe(before);
  });

  it('When a member owes and an organiser records cash, then the member reads paid and the place stays theirs', async () => {
    const camp = await create(leader, { name: 'Summer camp', fee: { amount: 4500, currency: 'EUR' } });
    expect(camp.paymentMode).toBe('pay_later');
    expect(await attend(amy, camp.id)).toMatchObject({ status: 'attending' });
    expect((await details(amy, camp.id)).myPayment).toEqual({ status: 'owed', amount: 4500, currency: 'EUR' });
    expect((await details(leader, camp.id)).payments).toEqual({ paid: 0, owed: 1, waived: 0, refunded: 0, total: 0 });

    // Only another organiser records it, never the member, nor a member for anyone.
    expect((await pay(amy, camp.id, amy.user.id, { method: 'cash' })).status).toBe(403);
    expect((await pay(ben, camp.id, amy.user.id, { method: 'cash' })).status).toBe(403);
    const badMethod = await pay(leader, camp.id, amy.user.id, { method: 'card' });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.error).toBe('method must be cash, bank_transfer or waived');
    const notComing = await pay(leader, camp.id, ben.user.id, { method: 'cash' });
    expect(notComing.status).toBe(409);

    const paid = await pay(leader, camp.id, amy.user.id, { method: 'cash', note: 'Envelope at the meeting' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', method: 'cash', amount: 4500, currency: 'EUR' });
    expect((await pay(leader, camp.id, amy.user.id, { method: 'bank_transfer' })).status).toBe(409);
    expect((await details(amy, camp.id)).myPayment).toEqual({ status: 'paid', amount: 4500, currency: 'EUR' });
    expect((await details(leader, camp.id)).payments).toEqual({
      paid: 1,
      owed: 0,
      waived: 0,
      refunded: 0,
      total: 4500,
    });
    const audit = await app.deps.prisma.auditEntry.findMany({ where: { action: 'payment.recorded' } });
    expect(audit.map((entry) => entry.subjectId)).toContain(`${camp.id}:${amy.user.id}`);

    // Undone (a mistake), it is owed again, and audited; there is nothing left to undo after that.
    const undone = await leader.client.delete(`/api/events/${camp.id}/attendees/${amy.user.id}/payment`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ status: 'owed' });
    expect((await details(amy, camp.id)).myPayment).toMatchObject({ status: 'owed' });
    expect((await leader.client.delete(`/api/events/${camp.id}/attendees/${amy.user.id}/payment`)).status).toBe(409);
    expect(await app.deps.prisma.auditEntry.count({ where: { action: 'payment.undone' } })).toBe(1);
  });

  it('When a fee is waived, then only organisers can tell it from paid, in the list and in the CSV', async () => {
    const trip = await create(leader, { name: 'Zoo trip', fee: { amount: 800, currency: 'EUR' } });
    for (const who of [amy, ben, cat]) await attend(who, trip.id);
    expect((await pay(leader, trip.id, ben.user.id, { method: 'waived' })).body).toMatchObject({
      status: 'waived',
      amount: 0,
    });
    expect((await pay(leader, trip.id, cat.user.id, { method: 'bank_transfer' })).status).toBe(200);
    expect((await details(ben, trip.id)).myPayment).toEqual({ status: 'waived', amount: 0, currency: 'EUR' });

    const asMember = (await amy.client.get(`/api/events/${trip.id}/attendees`)).body as Attendee[];
    const memberView = Object.fromEntries(asMember.map((entry) => [entry.name, entry.payment]));
    expect(memberView).toEqual({ 'Amy Archer': 'owed', 'Ben Baker': 'paid', 'Cat Cooper': 'paid' });
    const asLeader = (await leader.client.get(`/api/events/${trip.id}/attendees`)).body as Attendee[];
    expect(Object.fromEntries(asLeader.map((entry) => [entry.name, entry.payment]))).toEqual({
      'Amy Archer': 'owed',
      'Ben Baker': 'waived',
      'Cat Cooper': 'paid',
    });
    const csv = await leader.client.get(`/api/events/${trip.id}/attendees.csv`);
    expect(csv.status).toBe(200);
    const rows = csvRows(csv.text);
    expect(rows[0]).toContain('Payment');
    const payments = Object.fromEntries(rows.slice(1).map((row) => [row[0], row[rows[0]!.indexOf('Payment')]]));
    expect(payments).toEqual({ 'Amy Archer': 'owed', 'Ben Baker': 'waived', 'Cat Cooper': 'paid' });
    // Another member's details say nothing of anyone else's payment.
    expect(JSON.stringify(await details(amy, trip.id))).not.toContain('waived');
    expect((await details(amy, trip.id)).payments).toBeUndefined();
  });

  it('When the treasurer reads the ledger, then every payment and refund is there with exact amounts', async () => {
    const yen = await create(leader, { name: 'Kyoto', fee: { amount: 1500, currency: 'JPY' } });
    const dinar = await create(leader, { name: 'Souq', fee: { amount: 1250, currency: 'KWD' } });
    await attend(amy, yen.id);
    await attend(amy, dinar.id);
    expect((await pay(leader, yen.id, amy.user.id, { method: 'cash' })).status).toBe(200);
    expect((await pay(leader, dinar.id, amy.user.id, { method: 'bank_transfer' })).status).toBe(200);
    const refunded = await leader.client.post(`/api/events/${dinar.id}/attendees/${amy.user.id}/refund`, {
      amount: 250,
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'paid', refundedAmount: 250 });

    expect((await leader.client.get('/api/admin/payments')).status).toBe(403);
    const bad = await admin.client.get('/api/admin/payments?from=2030-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Give from and to as dates');
    const ledger = await admin.client.get('/api/admin/payments?from=2030-05-01&to=2030-05-01');
    expect(ledger.status, ledger.text).toBe(200);
    const entries = ledger.body as PaymentLedgerEntry[];
    expect(entries.find((entry) => entry.eventName === 'Kyoto')).toMatchObject({ amount: 1500, currency: 'JPY' });
    expect(entries.filter((entry) => entry.eventName === 'Souq').map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ['payment', 1250],
        ['refund', 250],
      ]),
    );
    const csv = await admin.client.get('/api/admin/payments.csv?from=2030-05-01');
    expect(csv.status).toBe(200);
    // Written as decimals by integer arithmetic: ¥1500, KWD 1.250 and its refund of 0.250.
    const lines = csvRows(csv.text).map((row) => row.slice(1, 3).concat(row.slice(6, 11)).join(' '));
    expect(lines).toContain('payment Kyoto paid cash 1500 JPY ');
    expect(lines).toContain('payment Souq paid bank_transfer 1.250 KWD ');
    expect(lines).toContain('refund Souq  bank_transfer 0.250 KWD manual');
    expect((await admin.client.get('/api/admin/payments?from=2030-06-01')).body).toEqual([]);

    const exported = await amy.client.get('/api/users/me/export');
    expect(exported.status).toBe(200);
    const souq = (exported.body.payments as Array<Record<string, unknown>>).find(
      (p) => p.status === 'paid' && (p.event as { name: string }).name === 'Souq',
    );
    expect(souq).toMatchObject({ amount: 1250, currency: 'KWD', refundedAmount: 250 });
    expect(souq?.refunds).toEqual([expect.objectContaining({ amount: 250, reason: 'manual' })]);
  });
});
