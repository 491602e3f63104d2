import { loadConfig } from '../../api/src/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import { zoneNote } from '../../webapp/src/lib/date-zones';

describe.each(DATABASE_KINDS)('organisation settings on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // The environment's values stand until an admin saves the settings.
    app = await startTestApp(kind, {
      env: {
        MEMBERSHIP_MODE: 'invite',
        CONSENT_AGE: '14',
        REQUIRE_BIRTH_DATE: 'false',
        DEFAULT_LANGUAGE: 'de',
        NOTIFICATIONS_TIME_ZONE: 'America/New_York',
      },
    });
  });
  afterAll(() => app.stop());

  const auditOf = () =>
    app.deps.prisma.auditEntry.findMany({ where: { action: 'settings.changed' }, orderBy: { id: 'asc' } });

  it('When nobody has saved settings yet, then an admin reads the environment’s values', async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    const res = await client.get('/api/admin/organisation');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      membershipMode: 'invite',
      consentAge: 14,
      requireBirthDate: false,
      defaultLanguage: 'de',
      consentVerification: 'leader',
      linkPreviews: true,
      timeZone: 'America/New_York',
      // Leaders need both checks, two at an event with minors, one per eight minors, until an admin says otherwise.
      requiredLeaderChecks: ['background_check', 'safeguarding_training'],
      minLeadersPerEvent: 2,
      youthPerLeader: 8,
      // Fees in the environment's CURRENCY (EUR by default); a cancellation 48 hours ahead is refunded.
      currency: 'EUR',
      refundUntilHours: 48,
      // The built-in consent text until an admin saves one.
      consentText: expect.stringContaining('I give consent'),
      consentTextVersion: 0,
      // Nobody saved: the web app offers its first-run setup.
      configured: false,
    });
  });

  it('When a member or an anonymous visitor asks for the settings, then they are refused', async () => {
    const { client } = await app.signedIn();
    expect((await client.get('/api/admin/organisation')).status).toBe(403);
    expect((await client.patch('/api/admin/organisation', { consentAge: 13 })).status).toBe(403);
    expect((await app.anonymous().get('/api/admin/organisation')).status).toBe(401);
  });

  it('When bad values are sent, then the answer is 400 with a clear message and nothing changes', async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    const before = (await client.get('/api/admin/organisation')).body;
    const cases: Array<[unknown, RegExp]> = [
      [{ membershipMode: 'closed' }, /membershipMode must be open, approval or invite/],
      [{ consentAge: 12 }, /consentAge must be a whole number from 13 to 16/],
      [{ consentAge: 17 }, /consentAge/],
      [{ consentAge: 14.5 }, /consentAge/],
      [{ consentAge: '14' }, /consentAge/],
      [{ requireBirthDate: 'yes' }, /requireBirthDate must be true or false/],
      [{ defaultLanguage: 'it' }, /defaultLanguage must be one of en, de, es, fr, ru, uk, ar/],
      [{ consentVerification: 'parent' }, /consentVerification must be leader or email/],
      [{ linkPreviews: 'no' }, /linkPreviews must be true or false/],
      [{ timeZone: 'Mars/Olympus' }, /timeZone must be an IANA time zone name such as Europe\/Berlin/],
      [{ timeZone: '+03:00' }, /timeZone/],
      [{ timeZone: '' }, /timeZone/],
      [{ timeZone: 3 }, /timeZone/],
      [{ colour: 'red' }, /Unknown setting: colour/],
      [{}, /at least one setting/],
      [{ consentAge: 15, defaultLanguage: 'xx' }, /defaultLanguage/],
    ];
    for (const [body, message] of cases) {
      // The organisation speaks German here; this admin's browser reads English.
      const res = await client.patch('/api/admin/organisation', body, { headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await client.get('/api/admin/organisation')).body).toEqual(before);
    expect(await app.deps.prisma.organisationSettings.count()).toBe(0);
    expect(await auditOf()).toEqual([]);
  });

  it('When an admin saves some settings, then only those change, they persist and the audit log names them', async () => {
    const { client, user } = await app.signedIn({ isAdmin: true });
    const res = await client.patch('/api/admin/organisation', { membershipMode: 'approval', consentAge: 16 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      membershipMode: 'approval',
      consentAge: 16,
      requireBirthDate: false,
      defaultLanguage: 'de',
      consentVerification: 'leader',
      linkPreviews: true,
      // The environment's zone is kept by the first save.
      timeZone: 'America/New_York',
      // Leaders need both checks, two at an event with minors, one per eight minors, until an admin says otherwise.
      requiredLeaderChecks: ['background_check', 'safeguarding_training'],
      minLeadersPerEvent: 2,
      youthPerLeader: 8,
      // Fees in the environment's CURRENCY (EUR by default); a cancellation 48 hours ahead is refunded.
      currency: 'EUR',
      refundUntilHours: 48,
      // The built-in consent text until an admin saves one.
      consentText: expect.stringContaining('I give consent'),
      consentTextVersion: 0,
      configured: true,
    });
    expect((await client.get('/api/admin/organisation')).body).toEqual(res.body);
    const [entry] = await auditOf();
    expect(entry).toMatchObject({ actorId: user.id, subjectType: 'organisation', subjectId: '1' });
    expect(entry!.details).toMatchObject({
      keys: 'membershipMode,consentAge',
      'membershipMode.before': 'invite',
      'membershipMode.after': 'approval',
      'consentAge.before': 14,
      'consentAge.after': 16,
    });

    // Saving the same values again changes nothing, so nothing more is recorded.
    await client.patch('/api/admin/organisation', { membershipMode: 'approval' });
    expect(await auditOf()).toHaveLength(1);
    await client.patch('/api/admin/organisation', { requireBirthDate: true, defaultLanguage: 'uk' });
    expect((await client.get('/api/admin/organisation')).body).toEqual({
      membershipMode: 'approval',
      consentAge: 16,
      requireBirthDate: true,
      defaultLanguage: 'uk',
      consentVerification: 'leader',
      linkPreviews: true,
      timeZone: 'America/New_York',
      // Leaders need both checks, two at an event with minors, one per eight minors, until an admin says otherwise.
      requiredLeaderChecks: ['background_check', 'safeguarding_training'],
      minLeadersPerEvent: 2,
      youthPerLeader: 8,
      // Fees in the environment's CURRENCY (EUR by default); a cancellation 48 hours ahead is refunded.
      currency: 'EUR',
      refundUntilHours: 48,
      // The built-in consent text until an admin saves one.
      consentText: expect.stringContaining('I give consent'),
      consentTextVersion: 0,
      configured: true,
    });
    expect((await auditOf()).at(-1)!.details).toMatchObject({ keys: 'requireBirthDate,defaultLanguage' });
  });

  it('When an admin changes how consent is verified and turns link previews off, then both persist and are audited', async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    const res = await client.patch('/api/admin/organisation', { consentVerification: 'email', linkPreviews: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ consentVerification: 'email', linkPreviews: false });
    expect((await client.get('/api/admin/organisation')).body).toMatchObject({
      consentVerification: 'email',
      linkPreviews: false,
    });
    expect((await auditOf()).at(-1)!.details).toMatchObject({
      keys: 'consentVerification,linkPreviews',
      'consentVerification.before': 'leader',
      'consentVerification.after': 'email',
      'linkPreviews.before': true,
      'linkPreviews.after': false,
    });
    await client.patch('/api/admin/organisation', { consentVerification: 'leader', linkPreviews: true });
  });

  it('When an admin sets the time zone, then it persists in Intl’s spelling, is audited and new events are held in it', async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    const res = await client.patch('/api/admin/organisation', { timeZone: 'asia/tokyo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'Asia/Tokyo', configured: true });
    expect((await client.get('/api/admin/organisation')).body.timeZone).toBe('Asia/Tokyo');
    expect((await auditOf()).at(-1)!.details).toMatchObject({
      keys: 'timeZone',
      'timeZone.before': 'America/New_York',
      'timeZone.after': 'Asia/Tokyo',
    });

    // An event sent without a zone is held in the organisation's: 10:00Z reads "7:00 PM" in Tokyo.
    const created = await client.post('/api/events', eventBody({ date: '2030-06-15T10:00:00.000Z' }));
    expect(created.status).toBe(201);
    expect(created.body.timeZone).toBe('Asia/Tokyo');
    expect(zoneNote(created.body.date, created.body.timeZone, 'Europe/Berlin')).toEqual({
      zone: 'GMT+9 (Asia/Tokyo)',
      yours: '12:00 PM your time',
    });

    const refused = await client.patch('/api/admin/organisation', { timeZone: 'Mars/Olympus' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'field_time_zone' });
    expect((await client.get('/api/admin/organisation')).body.timeZone).toBe('Asia/Tokyo');
    const again = await client.post('/api/events', eventBody());
    expect(again.body.timeZone).toBe('Asia/Tokyo');
  });
});

describe('the first-run setup', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { env: { NOTIFICATIONS_TIME_ZONE: 'UTC', DEFAULT_LANGUAGE: 'en' } });
  });
  afterAll(() => app.stop());

  it('When the first admin confirms values equal to the environment’s, then the settings count as configured', async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    expect((await client.get('/api/admin/organisation')).body).toMatchObject({ configured: false, timeZone: 'UTC' });
    const res = await client.patch('/api/admin/organisation', { timeZone: 'UTC', defaultLanguage: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: true, timeZone: 'UTC' });
    expect((await client.get('/api/admin/organisation')).body.configured).toBe(true);
    const [entry] = await app.deps.prisma.auditEntry.findMany({ where: { action: 'settings.changed' } });
    expect(entry!.details).toMatchObject({ keys: '', firstSave: true });
  });
});

describe('organisation settings in the environment', () => {
  it('When the environment names bad organisation settings, then the server refuses to start and says which', () => {
    for (const [name, value, message] of [
      ['MEMBERSHIP_MODE', 'closed', /MEMBERSHIP_MODE must be open, approval or invite/],
      ['CONSENT_AGE', '12', /CONSENT_AGE must be a whole number from 13 to 16/],
      ['CONSENT_AGE', '17', /CONSENT_AGE/],
      ['REQUIRE_BIRTH_DATE', 'maybe', /REQUIRE_BIRTH_DATE/],
      ['DEFAULT_LANGUAGE', 'it', /DEFAULT_LANGUAGE must be one of en, de, es, fr, ru, uk, ar/],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: 'test', [name]: value }), name).toThrow(message);
    }
  });

  it('When the environment names none, then approval, 16, a birth date and English are the defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).organisationDefaults).toEqual({
      membershipMode: 'approval',
      consentAge: 16,
      requireBirthDate: true,
      defaultLanguage: 'en',
      consentVerification: 'leader',
      linkPreviews: true,
    });
  });
});
