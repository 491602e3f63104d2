// A guardian's consent end to end: a minor names a guardian, the email (real outbox, real SMTP) carries a
// single-use link valid 7 days, the guardian signs in (a new account, even one waiting for approval, becomes a
// guardian account) and consents, and the child may take part. Guardians see only their children, choose photo
// consent and may withdraw (upcoming replies go, waitlists move up). Every bad use of a link or of another
// child is a clear 4xx that changes nothing. Leaving erases the guardianship data and keeps the consent record.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GUARDIAN_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { createSession } from '../../api/src/modules/auth/sessions';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { apiRoutes } from '../support/api-routes';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody, eventRow } from '../support/events';
import { TestClient } from '../support/http-client';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../support/smtp';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');
const ADULT_BIRTH = new Date('1985-01-20T00:00:00.000Z');

/** What a guardian account may call besides sign-in (/auth/…) and the guardian pages (/guardian/…). */
const GUARDIAN_ALLOWED = new Set([
  'GET /users/me',
  'PATCH /users/me',
  'DELETE /users/me',
  'GET /users/me/export',
  'PATCH /users/me/preferences',
  'PATCH /users/me/language',
  'POST /users/me/phone/verification',
  'POST /users/me/phone/verify',
  'PUT /users/me/birth-date',
  'GET /users/me/guardians',
  'POST /users/me/guardians',
  // Replying for a child (the route checks the child is theirs).
  'POST /events/:id/attend',
  // Paying children's fees online in one Checkout (checked the same way).
  'POST /events/:id/payments/checkout',
  // Changing a child's answers to the event's registration questions (checked the same way).
  'PUT /events/:id/answers',
  // Reading the questions of an event a child may see, and (forUserId) the child's answers to them.
  'GET /events/:id/questions',
  'GET /events/:id/answers',
  'GET /telegram/bot-info',
  'POST /telegram/register-login',
  'GET /telegram/check-login/:loginId',
  'HEAD /telegram/check-login/:loginId',
  'GET /health',
  // A load balancer's probes: no account needed.
  'GET /health/live',
  'GET /health/ready',
]);
const guardianMayCall = (route: string) => GUARDIAN_ALLOWED.has(route) || / \/(auth|guardian)\//.test(route);

const tokenIn = (mail: CapturedMail) => /\/guardian\/consent\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

describe.each(DATABASE_KINDS)('A guardian’s consent on %s', (kind) => {
  let smtp: TestSmtpServer;
  let app: NotifyApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    app.setNow(NOW);
    await app.reset();
    smtp.messages.length = 0;
    admin = await app.admin({ role: 'admin' });
    await app.saveSmtp(admin.client, smtp.port);
    // These tests are about the link itself: its consent counts at once (a leader's confirmation, the
    // default, is tests/api/consent-verification.test.ts).
    const mode = await admin.client.patch('/api/admin/organisation', {
      membershipMode: 'open',
      consentVerification: 'email',
    });
    expect(mode.status).toBe(200);
  });

  const child = (name = 'Tilly Child') => app.signedIn({ name, birthDate: CHILD_BIRTH });

  /** The child asks `email` for consent; answers the token from the email the guardian receives. */
  async function askGuardian(client: TestClient, email: string): Promise<string> {
    const asked = await client.post('/api/users/me/guardians', { email });
    expect(asked.status).toBe(202);
    await app.worker().drain();
    const mail = (await smtp.waitFor(1)).find((message) => message.envelopeTo.includes(email))!;
    smtp.messages.length = 0;
    return tokenIn(mail)!;
  }

  async function event(overrides: Parameters<typeof eventBody>[0] = {}): Promise<number> {
    const created = await admin.client.post('/api/events', eventBody(overrides));
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  it('When a child names a guardian who signs up while membership needs approval and consents, then the guardian account sees only the child and the child may reply', async () => {
    await admin.client.patch('/api/admin/organisation', { membershipMode: 'approval' });
    const tilly = await child('Tilly Child');
    const tripId = await event({ name: 'Canoe trip' });
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'required' });

    const asked = await tilly.client.post('/api/users/me/guardians', { email: 'Parent@Example.org' });
    expect(asked.status).toBe(202);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ isMinor: true, guardianConsent: 'pending' });
    await app.worker().drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['parent@example.org']);
    expect(mail!.subject).toContain('Tilly Child');
    expect(mail!.text).toContain('Tilly Child asked you, as their parent or guardian, to consent');
    expect(mail!.text).toContain('Community Events');
    expect(mail!.text).toContain('withdraw consent at any time');
    expect(mail!.text).toContain(`${app.url}/guardian/consent?token=`);
    const token = tokenIn(mail!)!;
    // Only the token's hash is kept, and the log never holds the token.
    const stored = await app.deps.prisma.guardianRequest.findFirstOrThrow({ where: { childId: tilly.user.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - NOW.getTime()).toBe(GUARDIAN_LIMITS.consentLinkMs);
    const requested = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.requested' } });
    expect(JSON.stringify(requested.details)).not.toContain(token);

    // The guardian opens the link on another device: no sign-in needed to read it.
    const page = await app.anonymous().get(`/api/guardian/consent?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      child: { id: tilly.user.id, name: 'Tilly Child' },
      organisation: { name: 'Community Events' },
      consentText: expect.stringContaining('I give consent'),
      consentTextVersion: 0,
      expiresAt: stored.expiresAt.toISOString(),
    });
    // A parent whose browser reads Ukrainian reads the shipped text in Ukrainian, the same version 0.
    const ukrainian = await app
      .anonymous()
      .get(`/api/guardian/consent?token=${token}`, { headers: { 'accept-language': 'uk' } });
    expect(ukrainian.body).toMatchObject({ consentTextVersion: 0 });
    expect(ukrainian.body.consentText).toMatch(/^Натискаючи «Я даю згоду», ти підтверджуєш/);
    expect(ukrainian.body.consentText.split('\n\n')).toHaveLength(page.body.consentText.split('\n\n').length);

    // A brand-new account, waiting for approval, consents.
    const guardian = await app.signedIn({ name: 'Gina Parent', status: 'pending' });
    expect((await guardian.client.get('/api/events')).status).toBe(403);
    expect((await guardian.client.get(`/api/guardian/consent?token=${token}`)).status).toBe(200);
    const consented = await guardian.client.post('/api/guardian/consent', { token });
    expect(consented.status).toBe(200);
    expect(consented.body).toEqual({ child: { id: tilly.user.id, name: 'Tilly Child' }, awaitingVerification: false });

    const me = await guardian.client.get('/api/users/me');
    expect(me.body).toMatchObject({ role: 'guardian', status: 'active' });
    const record = await app.deps.prisma.guardianConsent.findFirstOrThrow({ where: { childId: tilly.user.id } });
    expect(record).toMatchObject({
      guardianId: guardian.user.id,
      method: 'email_link',
      textVersion: 0,
      requestEmail: 'parent@example.org',
      withdrawnAt: null,
    });
    expect(record.grantedAt.toISOString()).toBe(NOW.toISOString());
    const granted = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.granted' } });
    expect(granted).toMatchObject({
      actorId: guardian.user.id,
      subjectId: String(tilly.user.id),
      details: { method: 'email_link', textVersion: 0, guardianId: guardian.user.id },
    });

    // The child may now reply and comment.
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'granted' });
    expect((await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' })).body).toMatchObject({
      status: 'attending',
    });
    expect((await tilly.client.post(`/api/events/${tripId}/comments`, { content: 'Yay!' })).status).toBe(201);

    // The guardian account sees the child and their upcoming reply, and nothing else of the organisation.
    const children = await guardian.client.get('/api/guardian/children');
    expect(children.body).toEqual([
      {
        id: tilly.user.id,
        name: 'Tilly Child',
        birthDate: '2014-05-01',
        guardianConsent: 'granted',
        photoConsent: 'none',
        upcoming: [
          { eventId: tripId, name: 'Canoe trip', date: '2030-06-01T18:30:00.000Z', status: 'attending', payment: null },
        ],
        awaitingVerification: false,
      },
    ]);
    for (const path of ['/api/events', `/api/events/${tripId}`, `/api/events/${tripId}/attendees`, '/api/users']) {
      const blocked = await guardian.client.get(path);
      expect(blocked.status, path).toBe(403);
      expect(blocked.body).toEqual({ code: 'guardian_account_only', error: MSG.guardianAccountOnly });
    }
    expect((await guardian.client.post('/api/events', eventBody())).status).toBe(403);
    // The Mini App's session is held back the same way.
    const miniApp = new TestClient(app.url, {
      authorization: `Session ${await createSession(app.deps, guardian.user.id)}`,
    });
    expect((await miniApp.get('/api/events')).body).toEqual({
      code: 'guardian_account_only',
      error: MSG.guardianAccountOnly,
    });
    expect((await miniApp.get('/api/guardian/children')).status).toBe(200);
    // No calendar feed either: its link would list the events without a session.
    expect((await guardian.client.get('/api/users/me/calendar-feed')).status).toBe(403);
    // Nor does the page the server writes carry any event for them.
    const html = await guardian.client.get('/events');
    expect(html.text).not.toContain('Canoe trip');
  });

  it('When the organisation wrote its own consent text, then every parent reads it as written, whatever their language', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const saved = await admin.client.patch('/api/admin/organisation', { consentText: 'Our own words for parents.' });
    expect(saved.status).toBe(200);
    const read = await app
      .anonymous()
      .get(`/api/guardian/consent?token=${token}`, { headers: { 'accept-language': 'uk' } });
    expect(read.body).toMatchObject({ consentText: 'Our own words for parents.', consentTextVersion: 1 });
    // The other tests count on the shipped text's version 0: the settings start afresh.
    await app.deps.prisma.organisationSettings.deleteMany();
  });

  it('When a guardian account calls every route of the API, then all but its own account, sign-in and the guardian pages answer 403', async () => {
    const { client } = await app.signedIn({ name: 'Gina Parent', role: 'guardian' });
    const routes = apiRoutes(app.system.app);
    expect(routes).toEqual(expect.arrayContaining(['GET /guardian/children', 'GET /events', 'GET /users']));
    const concrete = (path: string) =>
      path
        .replace(':token.ics', 'abc.ics')
        .replace(/:loginId/g, 'x'.repeat(24))
        .replace(/:\w+/g, '1');
    // Leaving goes last: the calls before it need the session.
    const leaving = new Set(['POST /auth/logout', 'DELETE /users/me']);
    const ordered = [...routes.filter((route) => !leaving.has(route)), ...routes.filter((route) => leaving.has(route))];
    const refusal = { code: 'guardian_account_only', error: MSG.guardianAccountOnly };
    for (const route of ordered) {
      const [method, path] = route.split(' ') as [string, string];
      const body = method === 'GET' || method === 'HEAD' ? undefined : {};
      const res = await client.request(method, `/api${concrete(path)}`, body);
      if (guardianMayCall(route)) {
        expect(res.body, route).not.toEqual(refusal);
      } else {
        expect(res.status, route).toBe(403);
        if (method !== 'HEAD') expect(res.body, route).toEqual(refusal);
      }
    }
  });

  it('When a public event is announced, then a guardian account is not told of it', async () => {
    await app.signedIn({
      name: 'Gina Parent',
      role: 'guardian',
      googleEmail: 'gina@example.org',
      notificationPrefs: ['email'],
    });
    await app.signedIn({ name: 'Mo', googleEmail: 'mo@example.org', notificationPrefs: ['email'] });
    await event({ name: 'Open day' });
    await app.worker().drain();
    const mails = await smtp.waitFor(1);
    expect(mails.map((mail) => mail.envelopeTo).flat()).toEqual(['mo@example.org']);
  });

  it('When the link is used a second time, then it is 409 and nothing changes', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const first = await app.signedIn({ name: 'First Parent' });
    expect((await first.client.post('/api/guardian/consent', { token })).status).toBe(200);

    const second = await app.signedIn({ name: 'Second Parent' });
    const again = await second.client.post('/api/guardian/consent', { token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'consent_link_used', error: MSG.consentLinkUsed });
    const reread = await app.anonymous().get(`/api/guardian/consent?token=${token}`);
    expect(reread.status).toBe(409);
    expect(await app.deps.prisma.guardianConsent.count({ where: { childId: tilly.user.id } })).toBe(1);
    expect(await app.deps.prisma.guardianship.count({ where: { guardianId: second.user.id } })).toBe(0);
    expect((await second.client.get('/api/users/me')).body).toMatchObject({ role: 'member' });
  });

  it('When two guardians press consent with the same link at once, then exactly one wins', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const guardians = await Promise.all([1, 2, 3].map((n) => app.signedIn({ name: `Parent ${n}` })));
    const answers = await Promise.all(
      guardians.map((guardian) => guardian.client.post('/api/guardian/consent', { token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await app.deps.prisma.guardianConsent.count({ where: { childId: tilly.user.id } })).toBe(1);
    expect(await app.deps.prisma.guardianship.count({ where: { childId: tilly.user.id } })).toBe(1);
  });

  it('When the link has expired, then reading and consenting answer 410 and nothing changes', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    app.setNow(new Date(NOW.getTime() + GUARDIAN_LIMITS.consentLinkMs + 1000));
    const guardian = await app.signedIn({ name: 'Late Parent' });

    const page = await app.anonymous().get(`/api/guardian/consent?token=${token}`);
    expect(page.status).toBe(410);
    expect(page.body).toEqual({ code: 'consent_link_expired', error: MSG.consentLinkExpired });
    const consent = await guardian.client.post('/api/guardian/consent', { token });
    expect(consent.status).toBe(410);
    expect(await app.deps.prisma.guardianConsent.count()).toBe(0);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'required' });
  });

  it('When the child opens the link in their own account, then it is 403 and the link still works for the guardian', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const own = await tilly.client.post('/api/guardian/consent', { token });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ code: 'consent_own_account', error: MSG.consentOwnAccount });
    expect(await app.deps.prisma.guardianConsent.count()).toBe(0);
    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ role: 'member' });

    // Another minor cannot consent either.
    const friend = await child('Friend Child');
    expect((await friend.client.post('/api/guardian/consent', { token })).body).toEqual({
      code: 'consent_by_minor',
      error: MSG.consentByMinor,
    });

    const guardian = await app.signedIn({ name: 'Real Parent' });
    expect((await guardian.client.post('/api/guardian/consent', { token })).status).toBe(200);
  });

  it('When a link is unknown or malformed, then it is 404 or 400 and consenting needs a sign-in', async () => {
    const unknown = await app.anonymous().get(`/api/guardian/consent?token=${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'consent_link_unknown', error: MSG.consentLinkUnknown });
    expect((await app.anonymous().get('/api/guardian/consent?token=bad token')).status).toBe(400);
    expect((await app.anonymous().get('/api/guardian/consent')).status).toBe(400);
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    expect((await app.anonymous().post('/api/guardian/consent', { token })).status).toBe(401);
  });

  it('When someone who is not the child’s guardian touches the child, then it is 403 and nothing changes', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const guardian = await app.signedIn({ name: 'Gina Parent' });
    await guardian.client.post('/api/guardian/consent', { token });

    const other = await child('Other Child');
    const stranger = await app.signedIn({ name: 'Stranger', role: 'guardian' });
    for (const [client, id] of [
      [stranger.client, tilly.user.id],
      [guardian.client, other.user.id],
      [guardian.client, 99999999],
    ] as const) {
      const photo = await client.patch(`/api/guardian/children/${id}`, { photoConsent: 'full' });
      expect(photo.status).toBe(403);
      expect(photo.body).toEqual({ code: 'not_your_child', error: MSG.notYourChild });
      expect((await client.delete(`/api/guardian/children/${id}/consent`)).status).toBe(403);
    }
    expect((await stranger.client.get('/api/guardian/children')).body).toEqual([]);
    const row = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: tilly.user.id } });
    expect(row.photoConsent).toBe('none');
    expect(await app.deps.prisma.guardianConsent.count({ where: { withdrawnAt: { not: null } } })).toBe(0);
  });

  it('When a guardian chooses photo consent, then the child entry shows it and the change is audited', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const guardian = await app.signedIn({ name: 'Gina Parent' });
    await guardian.client.post('/api/guardian/consent', { token });

    const bad = await guardian.client.patch(`/api/guardian/children/${tilly.user.id}`, { photoConsent: 'everyone' });
    expect(bad.status).toBe(400);
    const set = await guardian.client.patch(`/api/guardian/children/${tilly.user.id}`, { photoConsent: 'internal' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: tilly.user.id, photoConsent: 'internal', guardianConsent: 'granted' });
    const entry = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'photo_consent.changed' } });
    expect(entry).toMatchObject({ actorId: guardian.user.id, details: { before: 'none', after: 'internal' } });
  });

  it('When a guardian withdraws consent, then the child’s upcoming places are released, the waitlist moves up and the child is stopped again', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const guardian = await app.signedIn({ name: 'Gina Parent' });
    await guardian.client.post('/api/guardian/consent', { token });

    const tripId = await event({ name: 'Small trip', capacity: 1 });
    const past = await app.deps.prisma.event.create({
      data: eventRow(admin.user.id, { name: 'Last year', date: new Date('2026-01-01T10:00:00Z') }),
    });
    const pastId = past.id;
    await app.deps.prisma.attendance.create({ data: { eventId: pastId, userId: tilly.user.id, status: 'attending' } });
    expect((await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' })).body.status).toBe(
      'attending',
    );
    const waiting = await app.signedIn({ name: 'Waiting Adult', birthDate: ADULT_BIRTH });
    expect((await waiting.client.post(`/api/events/${tripId}/attend`, { status: 'attending' })).body.status).toBe(
      'waitlisted',
    );

    const withdrawn = await guardian.client.delete(`/api/guardian/children/${tilly.user.id}/consent`);
    expect(withdrawn.status).toBe(204);

    expect((await tilly.client.get(`/api/events/${tripId}/attendance`)).body.status).toBe('not_responded');
    expect((await waiting.client.get(`/api/events/${tripId}/attendance`)).body.status).toBe('attending');
    // What happened before stays.
    expect(await app.deps.prisma.attendance.count({ where: { eventId: pastId, userId: tilly.user.id } })).toBe(1);
    const record = await app.deps.prisma.guardianConsent.findFirstOrThrow({ where: { childId: tilly.user.id } });
    expect(record).toMatchObject({ withdrawnBy: guardian.user.id, withdrawnAt: NOW });
    const entry = await app.deps.prisma.auditEntry.findFirstOrThrow({ where: { action: 'consent.withdrawn' } });
    expect(entry).toMatchObject({ actorId: guardian.user.id, subjectId: String(tilly.user.id) });

    expect((await tilly.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'required' });
    const refused = await tilly.client.post(`/api/events/${tripId}/attend`, { status: 'attending' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'guardian_consent_first', error: MSG.guardianConsentFirst });
    expect((await guardian.client.get('/api/guardian/children')).body[0]).toMatchObject({
      guardianConsent: 'required',
      upcoming: [],
    });
  });

  it('When a member who has taken part consents for their child, then they keep their own account as it was', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const parent = await app.signedIn({ name: 'Member Parent', birthDate: ADULT_BIRTH });
    const id = await event();
    await parent.client.post(`/api/events/${id}/attend`, { status: 'maybe' });

    expect((await parent.client.post('/api/guardian/consent', { token })).status).toBe(200);
    expect((await parent.client.get('/api/users/me')).body).toMatchObject({ role: 'member', status: 'active' });
    expect((await parent.client.get('/api/events')).status).toBe(200);
    expect((await parent.client.get('/api/guardian/children')).body).toHaveLength(1);
  });

  it('When an adult or a child with consent asks a guardian, or the address is bad or their own, then it is refused and no email goes', async () => {
    const adult = await app.signedIn({ birthDate: ADULT_BIRTH });
    const notNeeded = await adult.client.post('/api/users/me/guardians', { email: 'parent@example.org' });
    expect(notNeeded.status).toBe(409);
    expect(notNeeded.body).toEqual({ code: 'guardian_email_not_needed', error: MSG.guardianEmailNotNeeded });
    const noBirthDate = await app.signedIn();
    expect((await noBirthDate.client.post('/api/users/me/guardians', { email: 'p@example.org' })).status).toBe(409);

    const tilly = await app.signedIn({ birthDate: CHILD_BIRTH, googleEmail: 'tilly@example.org' });
    const invalidEmail = await tilly.client.post('/api/users/me/guardians', { email: 'not-an-email' });
    expect(invalidEmail.status).toBe(400);
    expect(invalidEmail.body).toEqual({ code: 'email_invalid', error: MSG.emailInvalid });
    const ownEmail = await tilly.client.post('/api/users/me/guardians', { email: 'tilly@example.org' });
    expect(ownEmail.status).toBe(400);
    expect(ownEmail.body).toEqual({ code: 'guardian_email_own', error: MSG.guardianEmailOwn });

    await app.worker().drain();
    expect(await app.deps.prisma.guardianRequest.count()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('When a child asks more than five times in a day, then the sixth is 429; the next day they may ask again', async () => {
    const tilly = await child();
    for (let n = 0; n < GUARDIAN_LIMITS.requestsPerDay; n += 1) {
      expect((await tilly.client.post('/api/users/me/guardians', { email: `p${n}@example.org` })).status).toBe(202);
    }
    const sixth = await tilly.client.post('/api/users/me/guardians', { email: 'p6@example.org' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ code: 'guardian_requests_too_many', error: MSG.guardianRequestsTooMany });
    expect(await app.deps.prisma.guardianRequest.count()).toBe(GUARDIAN_LIMITS.requestsPerDay);

    app.setNow(new Date(NOW.getTime() + 25 * 60 * 60 * 1000));
    expect((await tilly.client.post('/api/users/me/guardians', { email: 'p7@example.org' })).status).toBe(202);
  });

  it('When a child leaves, then their birth date, guardianships and requests go and the consent record stays without the address; the export showed them first', async () => {
    const tilly = await child();
    const token = await askGuardian(tilly.client, 'parent@example.org');
    const guardian = await app.signedIn({ name: 'Gina Parent' });
    await guardian.client.post('/api/guardian/consent', { token });
    await guardian.client.patch(`/api/guardian/children/${tilly.user.id}`, { photoConsent: 'full' });

    const exported = await tilly.client.get('/api/users/me/export');
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.text);
    expect(data.profile).toMatchObject({ birthDate: '2014-05-01', photoConsent: 'full' });
    expect(data.guardianConsents).toEqual([
      expect.objectContaining({ method: 'email_link', textVersion: 0, guardian: 'Gina Parent', withdrawnAt: null }),
    ]);
    expect(data.guardians).toEqual([{ id: guardian.user.id, name: 'Gina Parent' }]);
    const guardianExport = JSON.parse((await guardian.client.get('/api/users/me/export')).text);
    expect(guardianExport.children).toEqual([{ id: tilly.user.id, name: 'Tilly Child' }]);

    expect((await tilly.client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);

    const row = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: tilly.user.id } });
    expect(row).toMatchObject({ birthDate: null, photoConsent: 'none' });
    expect(await app.deps.prisma.guardianship.count({ where: { childId: tilly.user.id } })).toBe(0);
    expect(await app.deps.prisma.guardianRequest.count({ where: { childId: tilly.user.id } })).toBe(0);
    const record = await app.deps.prisma.guardianConsent.findFirstOrThrow({ where: { childId: tilly.user.id } });
    expect(record).toMatchObject({ method: 'email_link', requestEmail: null, guardianId: guardian.user.id });
    expect((await guardian.client.get('/api/guardian/children')).body).toEqual([]);
  });
});
