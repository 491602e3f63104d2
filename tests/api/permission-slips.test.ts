// Permission slips, as members, guardians and organisers meet them: a minor's reply to a trip that needs a
// guardian's approval holds the spot, guardians are asked (real SMTP), approve or decline, a guardian may reply
// for their child, an unanswered request runs out and the waitlist moves up — on PostgreSQL and PGlite.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { MSG } from '../../shared/messages';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

const PUBLIC_URL = 'https://events.example.org';
const HOUR = 60 * 60 * 1000;
/** Born in 2014: under 16 on every day these tests run (the app's clock is fixed in 2030). */
const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');
const ADULT_BIRTH = new Date('1990-05-01T00:00:00.000Z');
const START = new Date('2030-01-10T10:00:00.000Z');

const tripBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Climbing trip',
  description: 'A day at the climbing centre',
  date: '2031-03-10T09:00:00.000Z',
  location: 'Climbing centre',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
  requiresGuardianApproval: true,
  ...overrides,
});

type Signed = { user: User; client: TestClient };
let counter = 0;

describe.each(DATABASE_KINDS)('Permission slips on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let admin: Signed;
  let now = START;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind, { env: { PUBLIC_URL } });
    app.setNow(now);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    now = START;
    app.setNow(now);
    smtp.messages.length = 0;
    await app.deps.prisma.outboxMessage.deleteMany();
    await app.deps.prisma.notificationJob.deleteMany();
    admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
  });

  /** Delivers what is queued, news of the trips themselves aside; answers the mails sent. */
  async function deliver() {
    await app.deps.prisma.notificationJob.deleteMany({ where: { kind: 'event_created' } });
    smtp.messages.length = 0;
    await app.worker().drain();
    return [...smtp.messages];
  }
  const mailTo = (mails: CapturedMail[], address: string | null) =>
    mails.filter((mail) => mail.envelopeTo[0] === address);

  const email = (name: string) => `${name}-${kind}-${++counter}@example.org`;

  async function member(name: string, birthDate: Date | null = ADULT_BIRTH): Promise<Signed> {
    return app.signedIn({
      name,
      birthDate,
      googleEmail: email(name.split(' ')[0]!.toLowerCase()),
      notificationPrefs: ['email'],
    });
  }

  /** A minor with a guardian who consented (on paper), the guardian signed in too. */
  async function family(childName = 'Tom Child') {
    const child = await member(childName, CHILD_BIRTH);
    const guardian = await app.signedIn({ name: 'Gina Guardian', role: 'guardian', googleEmail: email('gina') });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'paper', textVersion: 0 },
    });
    return { child, guardian };
  }

  async function createTrip(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', tripBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const slip = (eventId: number, childId: number) =>
    app.deps.prisma.permissionSlip.findUnique({ where: { eventId_childId: { eventId, childId } } });
  const reply = (eventId: number, userId: number) =>
    app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId, userId } } });
  const counts = (eventId: number) =>
    app.deps.prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      select: { attendingPeople: true, waitlistCount: true },
    });
  const audit = (action: string, eventId: number) =>
    app.deps.prisma.auditEntry.findMany({
      where: { action, subjectId: { startsWith: `${eventId}:` } },
      orderBy: { id: 'asc' },
    });
  const approval = (client: TestClient, childId: number, eventId: number, approve: boolean) =>
    client.post(`/api/guardian/children/${childId}/events/${eventId}/approval`, { approve });

  it('When an organiser ticks the approval box, then the event says so and an edit can turn it off', async () => {
    const id = await createTrip();
    expect((await admin.client.get(`/api/events/${id}`)).body.requiresGuardianApproval).toBe(true);
    const plain = await admin.client.post('/api/events', tripBody({ requiresGuardianApproval: undefined }));
    expect(plain.body.requiresGuardianApproval).toBe(false);
    const bad = await admin.client.post('/api/events', tripBody({ requiresGuardianApproval: 'yes' }));
    expect(bad.status).toBe(400);
    const edited = await admin.client.patch(`/api/events/${id}`, tripBody({ requiresGuardianApproval: false }));
    expect(edited.status).toBe(200);
    expect((await admin.client.get(`/api/events/${id}`)).body.requiresGuardianApproval).toBe(false);
  });

  it('When an adult replies attending to a trip that needs approval, then they attend at once', async () => {
    const id = await createTrip({ capacity: 5 });
    const adult = await member('Ada Adult');
    const res = await adult.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'attending', attendingCount: 1, spotsLeft: 4 });
    expect(await slip(id, adult.user.id)).toBeNull();
  });

  it('When a minor replies attending, then the spot is held, the guardian is emailed a link, and only organisers see the wait', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    const res = await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'awaiting_guardian', attendingCount: 1, spotsLeft: 4 });
    const held = await slip(id, child.user.id);
    expect(held).toMatchObject({ status: 'pending' });
    expect(held!.expiresAt.getTime()).toBe(START.getTime() + 72 * HOUR);
    expect((await child.client.get(`/api/events/${id}/attendance`)).body.status).toBe('awaiting_guardian');

    const mails = await deliver();
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[guardian.user.googleEmail]]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Please approve: Tom Child at Climbing trip');
    expect(mail!.text).toContain(`${PUBLIC_URL}/guardian`);
    expect(mail!.text).toContain('within 72 hours');

    const organiserView = await admin.client.get(`/api/events/${id}/attendees`);
    expect(organiserView.body).toEqual([expect.objectContaining({ id: child.user.id, status: 'awaiting_guardian' })]);
    const other = await member('Olga Other');
    expect((await other.client.get(`/api/events/${id}/attendees`)).body).toEqual([]);
  });

  it('When the guardian approves, then the child attends, is told, and a second approval is refused with 409', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });

    const res = await approval(guardian.client, child.user.id, id, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'attending', attendingCount: 1, spotsLeft: 4 });
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'approved', decidedBy: guardian.user.id });
    expect(await audit('slip.approved', id)).toEqual([
      expect.objectContaining({ actorId: guardian.user.id, subjectId: `${id}:${child.user.id}` }),
    ]);
    const mails = await deliver();
    expect(mailTo(mails, child.user.googleEmail)[0]?.text).toContain(
      'A parent or guardian approved your place at Climbing trip',
    );

    const again = await approval(guardian.client, child.user.id, id, false);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'no_pending_approval', error: MSG.noPendingApproval });
    expect((await reply(id, child.user.id))!.status).toBe('attending');
  });

  it("When a guardian answers for someone else's child, then 403 and nothing changes", async () => {
    const id = await createTrip({ capacity: 5 });
    const { child } = await family();
    const other = await family('Una Unrelated');
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });

    for (const approve of [true, false]) {
      const res = await approval(other.guardian.client, child.user.id, id, approve);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'not_guardian_of', error: MSG.notGuardianOf });
    }
    // The child themself is no guardian either.
    expect((await approval(child.client, child.user.id, id, true)).status).toBe(403);
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'pending', decidedBy: null });
    expect((await reply(id, child.user.id))!.status).toBe('awaiting_guardian');
    expect(await audit('slip.approved', id)).toEqual([]);
  });

  it('When the guardian declines, then the spot is released, the waitlist moves up and the decline is audited', async () => {
    const id = await createTrip({ capacity: 1 });
    const { child, guardian } = await family();
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const adult = await member('Wanda Waiting');
    expect((await adult.client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.status).toBe(
      'waitlisted',
    );

    const res = await approval(guardian.client, child.user.id, id, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'not_attending', attendingCount: 1, waitlistCount: 0 });
    expect((await reply(id, adult.user.id))!.status).toBe('attending');
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'declined', decidedBy: guardian.user.id });
    expect(await audit('slip.declined', id)).toHaveLength(1);
    expect(await counts(id)).toEqual({ attendingPeople: 1, waitlistCount: 0 });
  });

  it('When the minor answers attending again, then the hold stays; when they answer maybe, then the spot and the request go', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const first = await slip(id, child.user.id);
    now = new Date(START.getTime() + HOUR);
    app.setNow(now);
    const again = await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(again.body).toMatchObject({ status: 'awaiting_guardian', attendingCount: 1 });
    expect((await slip(id, child.user.id))!.requestedAt).toEqual(first!.requestedAt);

    const maybe = await child.client.post(`/api/events/${id}/attend`, { status: 'maybe' });
    expect(maybe.body).toMatchObject({ status: 'maybe', attendingCount: 0 });
    expect(await slip(id, child.user.id)).toBeNull();
    expect((await approval(guardian.client, child.user.id, id, true)).status).toBe(409);
  });

  it('When a minor awaiting approval deletes their account, then the spot is free and no slip still asks', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child } = await family();
    expect((await child.client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.status).toBe(
      'awaiting_guardian',
    );
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'pending' });

    const res = await child.client.request('DELETE', '/api/users/me', { confirm: true });

    expect(res.status).toBe(204);
    expect(await slip(id, child.user.id)).toBeNull();
    expect(await counts(id)).toEqual({ attendingPeople: 0, waitlistCount: 0 });
  });

  it('When a minor waits on a full trip and a spot frees up, then they are promoted to awaiting a guardian with a slip', async () => {
    const id = await createTrip({ capacity: 1 });
    const adult = await member('Ada Adult');
    await adult.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const { child, guardian } = await family();
    const waiting = await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(waiting.body).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(await slip(id, child.user.id)).toBeNull();

    await adult.client.post(`/api/events/${id}/attend`, { status: 'not_attending' });
    expect((await reply(id, child.user.id))!.status).toBe('awaiting_guardian');
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'pending' });
    expect(await counts(id)).toEqual({ attendingPeople: 1, waitlistCount: 0 });
    const mails = await deliver();
    expect(mailTo(mails, guardian.user.googleEmail)[0]?.subject).toBe('Please approve: Tom Child at Climbing trip');
  });

  it('When a guardian replies attending for their child, then the child attends at once and the approval is recorded', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    const res = await guardian.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'attending', attendingCount: 1 });
    expect((await reply(id, child.user.id))!.status).toBe('attending');
    expect(await reply(id, guardian.user.id)).toBeNull();
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'approved', decidedBy: guardian.user.id });
    expect(await audit('slip.approved', id)).toEqual([expect.objectContaining({ actorId: guardian.user.id })]);
  });

  it('When a guardian replies attending for a child already awaiting, then the pending slip is approved', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const res = await guardian.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
    });
    expect(res.body).toMatchObject({ status: 'attending', attendingCount: 1 });
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'approved' });
  });

  it('When anyone replies for a member who is not their child, then 403 and nothing changes', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child } = await family();
    const other = await family('Una Unrelated');
    const stranger = await member('Sam Stranger');
    for (const client of [other.guardian.client, stranger.client, admin.client]) {
      const res = await client.post(`/api/events/${id}/attend`, { status: 'attending', forUserId: child.user.id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'not_guardian_of', error: MSG.notGuardianOf });
    }
    expect(await reply(id, child.user.id)).toBeNull();
    const bad = await stranger.client.post(`/api/events/${id}/attend`, { status: 'attending', forUserId: 'x' });
    expect(bad.status).toBe(400);
  });

  it('When a guardian replies for a child without consent, then 409 and nothing changes', async () => {
    const id = await createTrip({ capacity: 5 });
    const { child, guardian } = await family();
    await app.deps.prisma.guardianConsent.updateMany({
      where: { childId: child.user.id },
      data: { withdrawnAt: START },
    });
    const res = await guardian.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'guardian_consent_first', error: MSG.guardianConsentFirst });
    expect(await reply(id, child.user.id)).toBeNull();
  });

  it('When nobody answers in time, then the spot is released once, the waitlist moves up and everyone is told', async () => {
    const id = await createTrip({ capacity: 1 });
    const { child, guardian } = await family();
    await child.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    const adult = await member('Wanda Waiting');
    await adult.client.post(`/api/events/${id}/attend`, { status: 'attending' });

    now = new Date(START.getTime() + 72 * HOUR - 1000);
    app.setNow(now);
    expect(await app.system.services.slips.expireDue()).toBe(0);
    now = new Date(START.getTime() + 72 * HOUR);
    app.setNow(now);
    expect((await approval(guardian.client, child.user.id, id, true)).status).toBe(409);
    // Requests of earlier tests run out too: each is expired by exactly one of the two runs.
    const due = await app.deps.prisma.permissionSlip.count({ where: { status: 'pending', expiresAt: { lte: now } } });
    const [first, second] = await Promise.all([
      app.system.services.slips.expireDue(),
      app.system.services.slips.expireDue(),
    ]);
    expect(first + second).toBe(due);
    expect((await reply(id, child.user.id))!.status).toBe('not_attending');
    expect((await reply(id, adult.user.id))!.status).toBe('attending');
    expect(await slip(id, child.user.id)).toMatchObject({ status: 'expired' });
    expect(await audit('slip.expired', id)).toEqual([expect.objectContaining({ actorId: null })]);
    expect(await counts(id)).toEqual({ attendingPeople: 1, waitlistCount: 0 });

    const mails = await deliver();
    const to = (address: string | null) => mailTo(mails, address);
    expect(to(child.user.googleEmail).map((mail) => mail.subject)).toEqual(['Climbing trip: place released']);
    expect(to(child.user.googleEmail)[0]!.text).toContain('Nobody approved your place at Climbing trip');
    expect(
      to(guardian.user.googleEmail).some((mail) => mail.text.includes('Nobody answered the request for Tom Child')),
    ).toBe(true);
    expect(to(adult.user.googleEmail).map((mail) => mail.subject)).toHaveLength(1);
  });
});

describe('GUARDIAN_APPROVAL_HOURS', () => {
  it('When it is left out, then a guardian has 72 hours; when it is not a whole number of hours from 1 to 720, then the app refuses to start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).guardianApprovalMs).toBe(72 * HOUR);
    expect(loadConfig({ NODE_ENV: 'test', GUARDIAN_APPROVAL_HOURS: '24' }).guardianApprovalMs).toBe(24 * HOUR);
    for (const value of ['0', '721', '1.5', 'soon']) {
      expect(() => loadConfig({ NODE_ENV: 'test', GUARDIAN_APPROVAL_HOURS: value })).toThrow(/GUARDIAN_APPROVAL_HOURS/);
    }
  });
});

describe.each(DATABASE_KINDS)('Permission slips under concurrency on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(START);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('When 50 minors RSVP at once to 20 places, then 20 spots are held and 30 wait; when the requests run out, then exactly 20 waiting minors are promoted once', async () => {
    const { client: organiser } = await app.signedIn({ isAdmin: true });
    const res = await organiser.post('/api/events', tripBody({ capacity: 20 }));
    expect(res.status).toBe(201);
    const eventId = res.body.id as number;
    const minors: Signed[] = [];
    for (let index = 0; index < 50; index += 1) minors.push(await app.signedIn({ birthDate: CHILD_BIRTH }));
    await app.deps.prisma.guardianConsent.createMany({
      data: minors.map(({ user }) => ({ childId: user.id, method: 'paper', textVersion: 0 })),
    });

    const answers = await Promise.all(
      minors.map(({ client }) => client.post(`/api/events/${eventId}/attend`, { status: 'attending' })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const statuses = (await app.deps.prisma.attendance.findMany({ where: { eventId } })).map((row) => row.status);
    expect(statuses.filter((status) => status === 'awaiting_guardian')).toHaveLength(20);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(30);
    expect(answers.filter((answer) => answer.body.status === 'awaiting_guardian')).toHaveLength(20);
    const first = await app.deps.prisma.permissionSlip.findMany({ where: { eventId } });
    expect(first.map((row) => row.status)).toEqual(Array(20).fill('pending'));
    const firstHeld = new Set(first.map((row) => row.childId));
    // The 20 waiting longest are next in line.
    const waiting = await app.deps.prisma.attendance.findMany({
      where: { eventId, status: 'waitlisted' },
      orderBy: [{ waitlistedAt: 'asc' }, { id: 'asc' }],
    });
    const nextInLine = waiting.slice(0, 20).map((row) => row.userId);

    const later = new Date(START.getTime() + 72 * HOUR + 1);
    app.setNow(later);
    const runs = await Promise.all([app.system.services.slips.expireDue(), app.system.services.slips.expireDue()]);
    expect(runs[0] + runs[1]).toBe(20);
    expect(await app.system.services.slips.expireDue()).toBe(0);

    const after = await app.deps.prisma.attendance.findMany({ where: { eventId } });
    const byStatus = (status: string) => after.filter((row) => row.status === status).map((row) => row.userId);
    expect(byStatus('not_attending').sort()).toEqual([...firstHeld].sort());
    expect(byStatus('awaiting_guardian').sort()).toEqual([...nextInLine].sort());
    expect(byStatus('waitlisted')).toHaveLength(10);
    const slips = await app.deps.prisma.permissionSlip.findMany({ where: { eventId } });
    expect(
      slips
        .filter((row) => row.status === 'expired')
        .map((row) => row.childId)
        .sort(),
    ).toEqual([...firstHeld].sort());
    const fresh = slips.filter((row) => row.status === 'pending');
    expect(fresh.map((row) => row.childId).sort()).toEqual([...nextInLine].sort());
    expect(fresh.every((row) => row.expiresAt.getTime() === later.getTime() + 72 * HOUR)).toBe(true);
    expect(await app.deps.prisma.auditEntry.count({ where: { action: 'slip.expired' } })).toBe(20);
    const event = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect({ attending: event.attendingPeople, waiting: event.waitlistCount }).toEqual({ attending: 20, waiting: 10 });
  }, 120_000);
});
