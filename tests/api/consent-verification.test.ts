// Consent through an emailed link proves control of an address, not parenthood. Under the organisation's
// default (consentVerification 'leader') it waits for a leader: the child may not take part, the account that
// consented is no guardian yet (no slips, no replies for the child), and admins see what they need to judge it,
// with a warning when the account was made after the child's request. An admin confirms or rejects it; with
// consentVerification 'email' the link's consent counts at once, as it used to. Paper consent counts at once.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { TestClient } from '../support/http-client';
import { signInitData } from '../support/signing';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../support/smtp';
import { TEST_BOT_ENV, TEST_BOT_TOKEN } from '../support/test-app';

const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');
const MINUTE = 60_000;
const AWAITING = { code: 'consent_awaiting_verification', error: MSG.consentAwaitingVerification };
const GUARDIAN_WAITS = { code: 'guardian_awaiting_verification', error: MSG.guardianAwaitingVerification };
const NOT_AWAITING = { code: 'consent_not_awaiting_verification', error: MSG.consentNotAwaitingVerification };

const tokenIn = (mail: CapturedMail) => /\/guardian\/consent\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
let nextTelegramId = 770_000_000;

describe.each(DATABASE_KINDS)('Consent waiting for a leader on %s', (kind) => {
  let smtp: TestSmtpServer;
  let app: NotifyApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind, { env: { ...TEST_BOT_ENV } });
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    // Real time: a Telegram sign-in is checked against it and the account's creation is stamped with it.
    app.setNow(new Date());
    await app.reset();
    await app.deps.prisma.organisationSettings.deleteMany();
    smtp.messages.length = 0;
    admin = await app.admin({ role: 'admin' });
    await app.saveSmtp(admin.client, smtp.port);
  });

  const child = (name = 'Tilly Child') => app.signedIn({ name, birthDate: CHILD_BIRTH });

  /** The child asks `email` for consent; answers the token from the email sent there. */
  async function askGuardian(client: TestClient, email: string): Promise<string> {
    const asked = await client.post('/api/users/me/guardians', { email });
    expect(asked.status).toBe(202);
    await app.worker().drain();
    const mail = (await smtp.waitFor(1)).find((message) => message.envelopeTo.includes(email))!;
    smtp.messages.length = 0;
    return tokenIn(mail)!;
  }

  /** A Telegram account that has never been here opens the Mini App: a new account and its session. */
  async function newTelegramAccount(): Promise<{ id: number; client: TestClient }> {
    nextTelegramId += 1;
    const user = { id: nextTelegramId, first_name: 'Tilly', last_name: 'Mum', allows_write_to_pm: true };
    const initData = signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAE', user: JSON.stringify(user) },
      TEST_BOT_TOKEN,
    );
    const opened = await app
      .anonymous()
      .post('/api/auth/telegram-miniapp', undefined, { headers: { authorization: `tma ${initData}` } });
    expect(opened.status).toBe(200);
    const session = opened.body.session as string;
    return {
      id: opened.body.user.id as number,
      client: new TestClient(app.url, { authorization: `Session ${session}` }),
    };
  }

  async function event(overrides: Parameters<typeof eventBody>[0] = {}): Promise<number> {
    const created = await admin.client.post('/api/events', eventBody(overrides));
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  it('When a child consents for herself from a new Telegram account, then nothing counts until a leader confirms it, the admin is warned, and after confirming the slips work', async () => {
    const tilly = await child();
    const tripId = await event({ name: 'Canoe trip', requiresGuardianApproval: true });
    // The request goes out three minutes before the second account exists.
    const asked = Date.now();
    app.setNow(new Date(asked - 3 * MINUTE));
    const token = await askGuardian(tilly.client, 'tilly.second@example.org');
    app.setNow(new Date());
    const second = await newTelegramAccount();

    const consented = await second.client.post('/api/guardian/consent', { token });
    expect(consented.status).toBe(200);
    expect(consented.body).toEqual({ child: { id: tilly.user.id, name: 'Tilly Child' }, awaitingVerification: true });

    // The child still may not take part, and is told why.
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({
      isMinor: true,
      guardianConsent: 'awaiting_verification',
    });
    const rsvp = await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' });
    expect(rsvp.status).toBe(409);
    expect(rsvp.body).toEqual(AWAITING);
    const comment = await tilly.client.post(`/api/events/${tripId}/comments`, { content: 'Me too!' });
    expect(comment.status).toBe(409);
    expect(comment.body).toEqual(AWAITING);
    // Nor can she ask again meanwhile: a leader decides first.
    expect((await tilly.client.post('/api/users/me/guardians', { email: 'third@example.org' })).status).toBe(409);

    // The second account is a guardian account that waits: it sees the child marked, without her events…
    expect((await second.client.get('/api/users/me')).body).toMatchObject({ role: 'guardian' });
    expect((await second.client.get('/api/guardian/children')).body).toEqual([
      expect.objectContaining({ id: tilly.user.id, awaitingVerification: true, upcoming: [] }),
    ]);
    // …and has no say over her: no slips, no replies for her, no photo choice, no withdrawal.
    const approval = await second.client.post(`/api/guardian/children/${tilly.user.id}/events/${tripId}/approval`, {
      approve: true,
    });
    expect(approval.status).toBe(409);
    expect(approval.body).toEqual(GUARDIAN_WAITS);
    const forChild = await second.client.post(`/api/events/${tripId}/attend`, {
      status: 'attending',
      forUserId: tilly.user.id,
    });
    expect(forChild.status).toBe(409);
    expect(forChild.body).toEqual(GUARDIAN_WAITS);
    const photos = await second.client.patch(`/api/guardian/children/${tilly.user.id}`, { photoConsent: 'full' });
    expect(photos.body).toEqual(GUARDIAN_WAITS);
    expect((await second.client.delete(`/api/guardian/children/${tilly.user.id}/consent`)).body).toEqual(
      GUARDIAN_WAITS,
    );
    expect(await app.deps.prisma.guardianship.count({ where: { childId: tilly.user.id } })).toBe(0);

    // The admin sees what a leader needs, with the warning: the account is three minutes younger than the request.
    const waiting = await admin.client.get('/api/admin/consents/awaiting');
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual([
      {
        childId: tilly.user.id,
        childName: 'Tilly Child',
        guardianId: second.id,
        guardianName: 'Tilly Mum',
        sentTo: 'tilly.second@example.org',
        signInMethods: ['telegram'],
        accountEmail: null,
        telegramUsername: null,
        accountCreatedAt: expect.any(String),
        requestedAt: new Date(asked - 3 * MINUTE).toISOString(),
        consentedAt: expect.any(String),
        createdAfterRequestMinutes: 3,
        warning: true,
      },
    ]);
    const granted = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.granted' } });
    expect(granted.details).toMatchObject({ awaitingVerification: true, guardianId: second.id });

    // A leader confirms: the account becomes her guardian and her consent counts.
    const verified = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/verify`, {
      guardianId: second.id,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      id: tilly.user.id,
      birthDate: '2014-05-01',
      isMinor: true,
      guardianConsent: 'granted',
    });
    const entry = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.verified' } });
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      subjectType: 'member',
      subjectId: String(tilly.user.id),
      details: { guardianId: second.id, consents: 1 },
    });
    expect(JSON.stringify(entry.details)).not.toMatch(/example\.org|Tilly/);
    const again = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/verify`, {
      guardianId: second.id,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(NOT_AWAITING);
    expect((await admin.client.get('/api/admin/consents/awaiting')).body).toEqual([]);

    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'granted' });
    const held = await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' });
    expect(held.body).toMatchObject({ status: 'awaiting_guardian' });
    const approved = await second.client.post(`/api/guardian/children/${tilly.user.id}/events/${tripId}/approval`, {
      approve: true,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'attending' });
    expect((await second.client.get('/api/guardian/children')).body).toEqual([
      expect.objectContaining({ id: tilly.user.id, awaitingVerification: false, guardianConsent: 'granted' }),
    ]);
    // Her data export says when it was confirmed.
    const exported = JSON.parse((await tilly.client.get('/api/users/me/export')).text);
    expect(exported.guardianConsents).toEqual([
      expect.objectContaining({ method: 'email_link', verifiedAt: expect.any(String), withdrawnAt: null }),
    ]);
  });

  it('When a leader rejects a consent, then it is withdrawn, the account loses the child and the child may ask again', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'someone@example.org');
    const someone = await app.signedIn({ name: 'Some One', googleEmail: 'someone@example.org' });
    expect((await someone.client.post('/api/guardian/consent', { token })).body.awaitingVerification).toBe(true);

    const listed = (await admin.client.get('/api/admin/consents/awaiting')).body;
    expect(listed).toEqual([
      expect.objectContaining({
        guardianId: someone.user.id,
        signInMethods: [],
        accountEmail: 'someone@example.org',
        sentTo: 'someone@example.org',
      }),
    ]);

    const rejected = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/reject`, {
      guardianId: someone.user.id,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ guardianConsent: 'required' });
    const record = await app.deps.prisma.guardianConsent.findFirstOrThrow({ where: { childId: tilly.user.id } });
    expect(record).toMatchObject({ withdrawnBy: admin.user.id, verifiedAt: null });
    const entry = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.rejected' } });
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      subjectId: String(tilly.user.id),
      details: { guardianId: someone.user.id, consents: 1 },
    });

    // The account still exists, without the child.
    expect((await someone.client.get('/api/users/me')).status).toBe(200);
    expect((await someone.client.get('/api/guardian/children')).body).toEqual([]);
    const secondTime = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/reject`, {
      guardianId: someone.user.id,
    });
    expect(secondTime.status).toBe(409);
    expect(secondTime.body).toEqual(NOT_AWAITING);
    expect((await tilly.client.post('/api/users/me/guardians', { email: 'mum@example.org' })).status).toBe(202);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'pending' });
  });

  it('When the parent’s account is older than the request, then the admin sees it without a warning', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const parent = await app.signedIn({
      name: 'Long Member',
      telegramId: '123456',
      createdAt: new Date(Date.now() - 2 * 24 * 60 * MINUTE),
    });
    await parent.client.post('/api/guardian/consent', { token });
    const [entry] = (await admin.client.get('/api/admin/consents/awaiting')).body;
    expect(entry).toMatchObject({ guardianId: parent.user.id, signInMethods: ['telegram'], warning: false });
    expect(entry.createdAfterRequestMinutes).toBeLessThanOrEqual(-2 * 24 * 60 + 1);
    // An existing member keeps their own account while waiting.
    expect((await parent.client.get('/api/users/me')).body).toMatchObject({ role: 'member' });
  });

  it('When the organisation accepts email as proof, then the link’s consent counts at once as before', async () => {
    const set = await admin.client.patch('/api/admin/organisation', { consentVerification: 'email' });
    expect(set.status).toBe(200);
    const tilly = await child();
    const tripId = await event({ requiresGuardianApproval: true });
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const parent = await newTelegramAccount();
    const consented = await parent.client.post('/api/guardian/consent', { token });
    expect(consented.body).toEqual({ child: { id: tilly.user.id, name: 'Tilly Child' }, awaitingVerification: false });
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'granted' });
    expect((await admin.client.get('/api/admin/consents/awaiting')).body).toEqual([]);
    expect((await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' })).body.status).toBe(
      'awaiting_guardian',
    );
    const approved = await parent.client.post(`/api/guardian/children/${tilly.user.id}/events/${tripId}/approval`, {
      approve: true,
    });
    expect(approved.body).toMatchObject({ status: 'attending' });
  });

  it('When a confirmed guardian consents again after withdrawing, then it counts at once', async () => {
    const tilly = await child();
    const parent = await app.signedIn({ name: 'Gina Parent', createdAt: new Date(Date.now() - 60 * MINUTE) });
    await parent.client.post('/api/guardian/consent', { token: await askGuardian(tilly.client, 'gina@example.org') });
    await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/verify`, { guardianId: parent.user.id });
    expect((await parent.client.delete(`/api/guardian/children/${tilly.user.id}/consent`)).status).toBe(204);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'required' });

    const token = await askGuardian(tilly.client, 'gina@example.org');
    expect((await parent.client.post('/api/guardian/consent', { token })).body.awaitingVerification).toBe(false);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'granted' });
  });

  it('When an admin records consent on paper, then it counts at once', async () => {
    const tilly = await child();
    const recorded = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent`, {
      method: 'paper',
      note: 'Form signed by her mother, kept in the office folder',
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ guardianConsent: 'granted' });
  });

  it('When verify or reject is misused, then each answers a clear 4xx and changes nothing', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const parent = await app.signedIn({ name: 'Gina Parent' });
    await parent.client.post('/api/guardian/consent', { token });
    const other = await child('Other Child');

    const verify = (id: number | string, body: unknown, client = admin.client) =>
      client.post(`/api/admin/members/${id}/consent/verify`, body);
    // Not an admin: the parent, the child.
    expect((await verify(tilly.user.id, { guardianId: parent.user.id }, parent.client)).status).toBe(403);
    expect((await verify(tilly.user.id, { guardianId: parent.user.id }, tilly.client)).status).toBe(403);
    expect((await tilly.client.get('/api/admin/consents/awaiting')).status).toBe(403);
    // Unknown member, a child with nothing waiting, a wrong guardian.
    const unknown = await verify(99_999_999, { guardianId: parent.user.id });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'member_not_found', error: MSG.memberNotFound });
    expect((await verify(other.user.id, { guardianId: parent.user.id })).body).toEqual(NOT_AWAITING);
    expect((await verify(tilly.user.id, { guardianId: admin.user.id })).body).toEqual(NOT_AWAITING);
    const reject = await admin.client.post(`/api/admin/members/${tilly.user.id}/consent/reject`, {
      guardianId: other.user.id,
    });
    expect(reject.status).toBe(409);
    // Bad bodies and ids.
    for (const body of [{}, { guardianId: 'x' }, { guardianId: -1 }, { guardianId: 1.5 }, { guardianId: 1, more: 1 }]) {
      const bad = await verify(tilly.user.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await verify('abc', { guardianId: parent.user.id })).status).toBe(400);

    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'awaiting_verification' });
    expect(
      await app.deps.prisma.auditEntry.count({
        where: { action: { in: ['consent.verified', 'consent.rejected'] }, subjectId: String(tilly.user.id) },
      }),
    ).toBe(0);
  });
});
