// Age over HTTP: a member gives their date of birth once (an admin corrects it), the current user shows
// whether they are a minor and where their guardian's consent stands, and replying attending or maybe and
// commenting wait for a birth date (when the organisation asks for one) and, for a minor, a guardian's consent.
// Adults with a birth date never meet a consent step. The bot's buttons refuse the same way.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { eventBody } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';

/** The app's today (UTC noon; the organisation's zone is UTC in tests unless set). */
const NOW = new Date('2026-11-26T12:00:00.000Z');
const CHILD_BIRTH = '2014-05-01';
const ADULT_BIRTH = '1990-03-15';

describe.each(DATABASE_KINDS)('Age and the consent gates on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let eventId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    admin = await app.signedIn({ isAdmin: true, role: 'admin', name: 'Ada Admin' });
    const created = await admin.client.post('/api/events', eventBody({ capacity: 10 }));
    expect(created.status).toBe(201);
    eventId = created.body.id;
  });
  afterAll(() => app.stop());
  beforeEach(async () => {
    const reset = await admin.client.patch('/api/admin/organisation', { requireBirthDate: false, consentAge: 16 });
    expect(reset.status).toBe(200);
  });

  const rsvp = (client: TestClient, status: string) => client.post(`/api/events/${eventId}/attend`, { status });
  const comment = (client: TestClient) => client.post(`/api/events/${eventId}/comments`, { content: 'See you!' });
  const birthDateOf = async (id: number) =>
    (await app.deps.prisma.user.findUniqueOrThrow({ where: { id } })).birthDate?.toISOString().slice(0, 10) ?? null;

  it('When a member has no birth date, then the current user says so and asks no consent', async () => {
    const { client } = await app.signedIn();
    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ birthDate: null, isMinor: false, guardianConsent: 'not_needed' });
  });

  it('When an adult saves a birth date, then they are not a minor and can reply and comment at once', async () => {
    const { client } = await app.signedIn();
    const saved = await client.put('/api/users/me/birth-date', { birthDate: ADULT_BIRTH });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ birthDate: ADULT_BIRTH, isMinor: false, guardianConsent: 'not_needed' });
    expect((await client.get('/api/users/me')).body).toMatchObject({ birthDate: ADULT_BIRTH, isMinor: false });

    expect((await rsvp(client, 'attending')).body).toMatchObject({ status: 'attending' });
    expect((await comment(client)).status).toBe(201);
  });

  it('When a child saves a birth date, then they are a minor whose guardian must consent, and going or commenting is refused until then', async () => {
    const { client, user } = await app.signedIn();
    const saved = await client.put('/api/users/me/birth-date', { birthDate: CHILD_BIRTH });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ birthDate: CHILD_BIRTH, isMinor: true, guardianConsent: 'required' });

    for (const status of ['attending', 'maybe']) {
      const refused = await rsvp(client, status);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'guardian_consent_first', error: MSG.guardianConsentFirst });
    }
    const refusedComment = await comment(client);
    expect(refusedComment.status).toBe(409);
    expect(refusedComment.body).toEqual({ code: 'guardian_consent_first', error: MSG.guardianConsentFirst });
    // Saying no is always allowed.
    expect((await rsvp(client, 'not_attending')).body).toMatchObject({ status: 'not_attending' });

    expect(await app.deps.prisma.comment.count({ where: { userId: user.id } })).toBe(0);
    const reply = await app.deps.prisma.attendance.findFirst({ where: { userId: user.id } });
    expect(reply?.status ?? 'not_attending').toBe('not_attending');
  });

  it('When the member turns sixteen today, then they are no longer a minor; the day before they are', async () => {
    const turning = await app.signedIn();
    await turning.client.put('/api/users/me/birth-date', { birthDate: '2010-11-26' });
    expect((await turning.client.get('/api/users/me')).body).toMatchObject({ isMinor: false });
    const tomorrow = await app.signedIn();
    await tomorrow.client.put('/api/users/me/birth-date', { birthDate: '2010-11-27' });
    expect((await tomorrow.client.get('/api/users/me')).body).toMatchObject({
      isMinor: true,
      guardianConsent: 'required',
    });
  });

  it('When a minor tries to change their own birth date, then it is 409 and nothing changes', async () => {
    const { client, user } = await app.signedIn();
    await client.put('/api/users/me/birth-date', { birthDate: CHILD_BIRTH });
    const again = await client.put('/api/users/me/birth-date', { birthDate: ADULT_BIRTH });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'birth_date_already_set', error: MSG.birthDateAlreadySet });
    expect(await birthDateOf(user.id)).toBe(CHILD_BIRTH);
    expect((await client.get('/api/users/me')).body).toMatchObject({ isMinor: true });
    expect((await rsvp(client, 'attending')).status).toBe(409);
  });

  it('When a birth date is in the future, too long ago or not a real day, then it is a clear 400 and nothing is saved', async () => {
    const { client, user } = await app.signedIn();
    const cases: Array<[unknown, string]> = [
      ['2026-11-27', MSG.birthDateInFuture],
      ['1906-11-25', MSG.birthDateTooOld],
      ['2010-02-30', MSG.birthDateInvalid],
      ['26.11.2010', MSG.birthDateInvalid],
      [20101126, MSG.birthDateInvalid],
      [null, MSG.birthDateInvalid],
    ];
    for (const [birthDate, message] of cases) {
      const res = await client.put('/api/users/me/birth-date', { birthDate });
      expect(res.status, String(birthDate)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: message });
    }
    expect(await birthDateOf(user.id)).toBeNull();
    // Exactly 120 years ago and today are accepted.
    expect((await client.put('/api/users/me/birth-date', { birthDate: '1906-11-26' })).status).toBe(200);
  });

  it('When the organisation requires a birth date, then a member without one is asked for it before going or commenting, and may carry on once it is saved', async () => {
    expect((await admin.client.patch('/api/admin/organisation', { requireBirthDate: true })).status).toBe(200);
    const { client } = await app.signedIn();
    for (const res of [await rsvp(client, 'attending'), await rsvp(client, 'maybe'), await comment(client)]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'birth_date_first', error: MSG.birthDateFirst });
    }
    expect((await rsvp(client, 'not_attending')).status).toBe(200);

    await client.put('/api/users/me/birth-date', { birthDate: ADULT_BIRTH });
    expect((await rsvp(client, 'attending')).body).toMatchObject({ status: 'attending' });
  });

  it('When the consent age is lowered, then a fourteen-year-old no longer needs consent', async () => {
    const { client } = await app.signedIn();
    await client.put('/api/users/me/birth-date', { birthDate: '2012-06-01' });
    expect((await client.get('/api/users/me')).body).toMatchObject({ isMinor: true });
    await admin.client.patch('/api/admin/organisation', { consentAge: 13 });
    expect((await client.get('/api/users/me')).body).toMatchObject({ isMinor: false, guardianConsent: 'not_needed' });
    expect((await rsvp(client, 'attending')).status).toBe(200);
  });

  it('When an admin corrects a birth date, then it is saved and audited; a member may not, and a bad date is 400', async () => {
    const child = await app.signedIn();
    await child.client.put('/api/users/me/birth-date', { birthDate: CHILD_BIRTH });

    const byMember = await child.client.patch(`/api/admin/members/${child.user.id}`, { birthDate: ADULT_BIRTH });
    expect(byMember.status).toBe(403);
    const bad = await admin.client.patch(`/api/admin/members/${child.user.id}`, { birthDate: '2030-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'birth_date_in_future', error: MSG.birthDateInFuture });
    expect(await birthDateOf(child.user.id)).toBe(CHILD_BIRTH);

    const corrected = await admin.client.patch(`/api/admin/members/${child.user.id}`, { birthDate: '2014-05-10' });
    expect(corrected.status).toBe(200);
    expect(await birthDateOf(child.user.id)).toBe('2014-05-10');
    const entry = await app.deps.prisma.auditEntry.findFirst({
      where: { action: 'member.birth_date_changed', subjectId: String(child.user.id) },
    });
    // Said changed, without either date: the entry is kept for the whole retention period.
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { birthDate: 'changed' } });
    expect(JSON.stringify(entry?.details)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('When an admin records consent given on paper, then the minor may take part and the record names the admin and method', async () => {
    const child = await app.signedIn();
    await child.client.put('/api/users/me/birth-date', { birthDate: CHILD_BIRTH });

    const byMember = await child.client.post(`/api/admin/members/${child.user.id}/consent`, { method: 'paper' });
    expect(byMember.status).toBe(403);
    const badMethod = await admin.client.post(`/api/admin/members/${child.user.id}/consent`, { method: 'email_link' });
    expect(badMethod.status).toBe(400);

    const recorded = await admin.client.post(`/api/admin/members/${child.user.id}/consent`, {
      method: 'paper',
      note: 'Form signed by the mother at the open day',
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({
      id: child.user.id,
      birthDate: CHILD_BIRTH,
      isMinor: true,
      guardianConsent: 'granted',
    });
    const consent = await app.deps.prisma.guardianConsent.findFirstOrThrow({ where: { childId: child.user.id } });
    expect(consent).toMatchObject({ method: 'paper', recordedBy: admin.user.id, guardianId: null, textVersion: 0 });
    const entry = await app.deps.prisma.auditEntry.findFirst({
      where: { action: 'consent.granted', subjectId: String(child.user.id) },
    });
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { method: 'paper', textVersion: 0 } });

    expect((await child.client.get('/api/users/me')).body).toMatchObject({ guardianConsent: 'granted' });
    expect((await rsvp(child.client, 'attending')).body).toMatchObject({ status: 'attending' });
    expect((await comment(child.client)).status).toBe(201);
  });

  it('When an admin records consent for an adult or an unknown member, then it is refused and nothing is recorded', async () => {
    const adult = await app.signedIn();
    await adult.client.put('/api/users/me/birth-date', { birthDate: ADULT_BIRTH });
    const forAdult = await admin.client.post(`/api/admin/members/${adult.user.id}/consent`, { method: 'in_person' });
    expect(forAdult.status).toBe(409);
    expect(forAdult.body).toEqual({ code: 'consent_not_needed', error: MSG.consentNotNeeded });
    const unknown = await admin.client.post('/api/admin/members/99999999/consent', { method: 'in_person' });
    expect(unknown.status).toBe(404);
    expect(await app.deps.prisma.guardianConsent.count({ where: { childId: adult.user.id } })).toBe(0);
  });

  it('When an admin edits the consent text, then its version rises, and clearing it restores the built-in text', async () => {
    const before = await admin.client.get('/api/admin/organisation');
    expect(before.body.consentText).toContain('withdraw consent');
    const version = before.body.consentTextVersion as number;

    const saved = await admin.client.patch('/api/admin/organisation', { consentText: '  Our own consent text.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ consentText: 'Our own consent text.', consentTextVersion: version + 1 });
    expect((await admin.client.get('/api/admin/organisation')).body.consentTextVersion).toBe(version + 1);
    // The same text again is no change.
    const same = await admin.client.patch('/api/admin/organisation', { consentText: 'Our own consent text.' });
    expect(same.body.consentTextVersion).toBe(version + 1);

    const tooLong = await admin.client.patch('/api/admin/organisation', { consentText: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);

    const restored = await admin.client.patch('/api/admin/organisation', { consentText: null });
    expect(restored.body).toMatchObject({ consentText: before.body.consentText, consentTextVersion: version + 2 });
    const entry = await app.deps.prisma.auditEntry.findFirst({
      where: { action: 'settings.changed' },
      orderBy: { id: 'desc' },
    });
    expect(entry?.details).toMatchObject({ keys: 'consentText', 'consentTextVersion.after': version + 2 });
  });
});

let nextTelegramId = 940000;

describe.each(DATABASE_KINDS)('The bot’s RSVP buttons and a minor without consent on %s', (kind) => {
  let app: BotTestApp;

  beforeAll(async () => {
    app = await startBotTestApp(kind);
  });
  afterAll(() => app.stop());

  it('When a minor without consent presses I Will Attend, then the tap is answered with the reason and nothing changes', async () => {
    const admin = await app.admin();
    const tg = { id: ++nextTelegramId, first_name: 'Kim' };
    const child = await app.signedIn({
      name: 'Kim',
      telegramId: String(tg.id),
      notificationPrefs: ['telegram'],
      birthDate: new Date(`${CHILD_BIRTH}T00:00:00.000Z`),
    });
    const created = await admin.client.post('/api/events', eventBody({ date: '2031-05-10T16:00:00.000Z' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    await app.sendUpdate(callbackUpdate(tg, `rsvp:${id}:a`, { message_id: 5, text: 'New event' }));

    const answer = app.botApi.callsOf('answerCallbackQuery').at(-1)!;
    expect(answer.params).toMatchObject({ text: MSG.guardianConsentFirst, show_alert: true });
    expect(await app.deps.prisma.attendance.count({ where: { userId: child.user.id } })).toBe(0);
  });

  it('When a guardian account presses a button, then the bot says what the account is for and records nothing', async () => {
    const admin = await app.admin();
    const tg = { id: ++nextTelegramId, first_name: 'Gus' };
    const guardian = await app.signedIn({ name: 'Gus', telegramId: String(tg.id), role: 'guardian' });
    const created = await admin.client.post('/api/events', eventBody({ date: '2031-05-11T16:00:00.000Z' }));
    const id = created.body.id as number;

    await app.sendUpdate(callbackUpdate(tg, `rsvp:${id}:a`, { message_id: 6, text: 'New event' }));

    const answer = app.botApi.callsOf('answerCallbackQuery').at(-1)!;
    expect(answer.params).toMatchObject({ text: MSG.guardianAccountOnly, show_alert: true });
    expect(await app.deps.prisma.attendance.count({ where: { userId: guardian.user.id } })).toBe(0);
  });
});
