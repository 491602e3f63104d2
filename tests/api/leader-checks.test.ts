// Leader checks and two adults at every activity, over HTTP: admins record members' checks; only cleared adult
// leaders may be named to lead an event; the ratio counts them against the attending minors; the worker's scan
// tells members and admins 30 and 7 days before a check runs out (once each), audits a lapse once, and tells an
// event's managers once when it still lacks leaders 48 hours before it starts.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const NOW = new Date('2030-05-01T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (day: string) => new Date(`${day}T10:00:00.000Z`);

describe.each(DATABASE_KINDS)('leader checks on %s', (kind) => {
  let app: TestApp;
  let admin: Who;
  let organiser: Who;
  let ada: Who;
  let ben: Who;
  let cleo: Who;
  let member: Who;
  let minor: Who;
  const minors: User[] = [];
  let campId: number;

  const withEmail = (name: string, data: Partial<User> = {}) =>
    app.signedIn({
      name,
      googleEmail: `${name.replace(' ', '.').toLowerCase()}-${kind}@example.org`,
      notificationPrefs: ['email'],
      ...data,
    });

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SESSION_TTL_DAYS: '365', NOTIFICATIONS_TIME_ZONE: 'Europe/London' } });
    app.setNow(NOW);
    admin = await withEmail('Ada Admin', { isAdmin: true, role: 'admin' });
    organiser = await withEmail('Olga Organiser', { role: 'organiser' });
    ada = await withEmail('Ada Leader', { birthDate: new Date('1990-03-04') });
    ben = await withEmail('Ben Leader', { birthDate: new Date('1985-07-08') });
    cleo = await withEmail('Cleo Leader', { birthDate: new Date('1992-01-02') });
    member = await app.signedIn({ name: 'Max Member' });
    minor = await app.signedIn({ name: 'Mia Minor', birthDate: new Date('2018-02-03') });
    for (let index = 0; index < 9; index += 1) {
      minors.push((await app.signedIn({ name: `Kid ${index}`, birthDate: new Date('2019-05-06') })).user);
    }
  });
  afterAll(() => app.stop());

  const addCheck = (who: Who, body: Record<string, unknown>) =>
    admin.client.post(`/api/admin/members/${who.user.id}/checks`, body);
  const clear = async (who: Who, expiresOn = '2032-01-01') => {
    for (const checkKind of ['background_check', 'safeguarding_training']) {
      const res = await addCheck(who, { kind: checkKind, completedOn: '2029-01-01', expiresOn });
      expect(res.status, res.text).toBe(201);
    }
  };
  const scan = () => app.system.createWorker().drain();
  const outboxOf = async (reason: string) =>
    (await app.deps.prisma.outboxMessage.findMany({ where: { kind: reason }, orderBy: { id: 'asc' } })).map(
      (row) => row.userId,
    );

  it('When an admin records, lists and removes checks, then the answers, validation and rights hold', async () => {
    const path = `/api/admin/members/${ada.user.id}/checks`;
    expect((await member.client.get(path)).status).toBe(403);
    expect(
      (await member.client.post(path, { kind: 'first_aid', completedOn: '2030-01-01', expiresOn: '2031-01-01' }))
        .status,
    ).toBe(403);
    expect((await admin.client.get('/api/admin/members/999999/checks')).status).toBe(404);

    const badKind = await addCheck(ada, { kind: 'driving', completedOn: '2030-01-01', expiresOn: '2031-01-01' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.error).toBe('kind must be one of background_check, safeguarding_training, first_aid');
    const badDate = await addCheck(ada, { kind: 'first_aid', completedOn: '2030-02-30', expiresOn: '2031-01-01' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toBe('completedOn must be a date written YYYY-MM-DD.');
    const backwards = await addCheck(ada, { kind: 'first_aid', completedOn: '2030-01-01', expiresOn: '2029-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('A check must expire after the day it was completed.');
    const long = await addCheck(ada, {
      kind: 'first_aid',
      reference: 'x'.repeat(101),
      completedOn: '2030-01-01',
      expiresOn: '2031-01-01',
    });
    expect(long.status).toBe(400);

    const created = await addCheck(ada, {
      kind: 'background_check',
      reference: ' DBS-001 ',
      completedOn: '2029-06-01',
      expiresOn: '2032-06-01',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      kind: 'background_check',
      reference: 'DBS-001',
      completedOn: '2029-06-01',
      expiresOn: '2032-06-01',
      current: true,
    });
    const half = await admin.client.get(path);
    expect(half.body).toMatchObject({ cleared: false, lapsed: false, nextExpiry: '2032-06-01' });
    expect(half.body.required).toEqual(['background_check', 'safeguarding_training']);

    const training = await addCheck(ada, {
      kind: 'safeguarding_training',
      completedOn: '2029-06-01',
      expiresOn: '2031-06-01',
    });
    expect(training.status).toBe(201);
    const full = await admin.client.get(path);
    expect(full.body).toMatchObject({ cleared: true, lapsed: false, nextExpiry: '2031-06-01' });
    expect(full.body.checks.map((check: { kind: string }) => check.kind)).toEqual([
      'background_check',
      'safeguarding_training',
    ]);

    const aid = await addCheck(ada, { kind: 'first_aid', completedOn: '2029-06-01', expiresOn: '2030-12-01' });
    expect((await admin.client.delete(`/api/admin/members/${ben.user.id}/checks/${aid.body.id}`)).status).toBe(404);
    expect((await member.client.delete(`${path}/${aid.body.id}`)).status).toBe(403);
    expect((await admin.client.delete(`${path}/${aid.body.id}`)).status).toBe(204);
    expect((await admin.client.delete(`${path}/${aid.body.id}`)).status).toBe(404);
    expect((await admin.client.delete(`${path}/abc`)).status).toBe(400);

    const audit = await app.deps.prisma.auditEntry.findMany({
      where: { action: { startsWith: 'leader_check.' }, subjectId: String(ada.user.id) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      'leader_check.added',
      'leader_check.added',
      'leader_check.added',
      'leader_check.removed',
    ]);
    expect(audit[0]!.actorId).toBe(admin.user.id);
  });

  it('When the organisation settings are read and changed, then the leader rules are there and validated', async () => {
    const read = await admin.client.get('/api/admin/organisation');
    expect(read.body).toMatchObject({
      requiredLeaderChecks: ['background_check', 'safeguarding_training'],
      minLeadersPerEvent: 2,
      youthPerLeader: 8,
    });
    expect((await admin.client.patch('/api/admin/organisation', { youthPerLeader: 0 })).status).toBe(400);
    expect((await admin.client.patch('/api/admin/organisation', { minLeadersPerEvent: 1.5 })).status).toBe(400);
    expect((await admin.client.patch('/api/admin/organisation', { requiredLeaderChecks: ['nope'] })).status).toBe(400);
    expect((await member.client.patch('/api/admin/organisation', { youthPerLeader: 6 })).status).toBe(403);
    const saved = await admin.client.patch('/api/admin/organisation', {
      requiredLeaderChecks: ['first_aid', 'background_check', 'first_aid'],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.requiredLeaderChecks).toEqual(['background_check', 'first_aid']);
    const restored = await admin.client.patch('/api/admin/organisation', {
      requiredLeaderChecks: ['background_check', 'safeguarding_training'],
    });
    expect(restored.body.requiredLeaderChecks).toEqual(['background_check', 'safeguarding_training']);
  });

  it('When managers name an event’s leaders, then only cleared adults are taken and the ratio counts the minors', async () => {
    await clear(ben);
    // Cleo's background check runs out on 15 June; the minor holds checks but is not an adult.
    expect(
      (await addCheck(cleo, { kind: 'background_check', completedOn: '2027-06-15', expiresOn: '2030-06-15' })).status,
    ).toBe(201);
    expect(
      (await addCheck(cleo, { kind: 'safeguarding_training', completedOn: '2029-01-01', expiresOn: '2032-01-01' }))
        .status,
    ).toBe(201);
    await clear(minor);
    const camp = await organiser.client.post(
      '/api/events',
      eventBody({ name: 'Cub camp', date: '2030-07-04T09:00:00.000Z' }),
    );
    expect(camp.status, camp.text).toBe(201);
    campId = camp.body.id;
    await app.deps.prisma.attendance.createMany({
      data: minors.map((kid) => ({ eventId: campId, userId: kid.id, status: 'attending' as const })),
    });
    await app.deps.prisma.attendance.create({ data: { eventId: campId, userId: ben.user.id, status: 'attending' } });

    const path = `/api/events/${campId}/leaders`;
    expect((await member.client.get(path)).status).toBe(403);
    expect((await member.client.put(path, { userIds: [member.user.id] })).status).toBe(403);
    const none = await organiser.client.get(path);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ leaderIds: [], leaders: [], ratio: { leaders: 0, minors: 9, required: 2, ok: false } });

    const refused = await organiser.client.put(path, { userIds: [ada.user.id, minor.user.id, member.user.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      `Only cleared adult leaders can lead an event; these members cannot: Mia Minor (${minor.user.id}), Max Member (${member.user.id})`,
    );
    expect((await organiser.client.put(path, { userIds: 'everyone' })).status).toBe(400);

    const one = await organiser.client.put(path, { userIds: [ada.user.id] });
    expect(one.status, one.text).toBe(200);
    expect(one.body.ratio).toEqual({ leaders: 1, minors: 9, required: 2, ok: false });
    const two = await organiser.client.put(path, { userIds: [ada.user.id, ben.user.id] });
    expect(two.body).toEqual({
      leaderIds: [ada.user.id, ben.user.id],
      leaders: [
        { id: ada.user.id, name: 'Ada Leader', cleared: true },
        { id: ben.user.id, name: 'Ben Leader', cleared: true },
      ],
      ratio: { leaders: 2, minors: 9, required: 2, ok: true },
    });
    // Four minors per leader: nine minors need three leaders.
    expect((await admin.client.patch('/api/admin/organisation', { youthPerLeader: 4 })).status).toBe(200);
    expect((await organiser.client.get(path)).body.ratio).toEqual({ leaders: 2, minors: 9, required: 3, ok: false });
    expect((await admin.client.patch('/api/admin/organisation', { youthPerLeader: 8 })).status).toBe(200);

    const audit = await app.deps.prisma.auditEntry.findMany({ where: { action: 'event.leaders_changed' } });
    expect(audit.map((entry) => entry.details)).toEqual([
      { leaders: String(ada.user.id) },
      { leaders: `${ada.user.id},${ben.user.id}` },
    ]);
  });

  it('When the clock moves towards a check’s end, then member and admins are told 30 and 7 days ahead once each, and the lapse is audited once', async () => {
    await scan();
    expect(await outboxOf('leader_check_30')).toEqual([]);

    app.setNow(at('2030-05-17'));
    const soon = await admin.client.get('/api/admin/checks/expiring?days=60');
    expect(soon.status).toBe(200);
    expect(soon.body).toEqual([
      expect.objectContaining({
        kind: 'background_check',
        expiresOn: '2030-06-15',
        daysLeft: 29,
        member: { id: cleo.user.id, name: 'Cleo Leader' },
      }),
    ]);
    expect((await admin.client.get('/api/admin/checks/expiring?days=0')).status).toBe(400);
    expect((await admin.client.get('/api/admin/checks/expiring?days=abc')).status).toBe(400);
    expect((await member.client.get('/api/admin/checks/expiring')).status).toBe(403);

    await scan();
    await scan();
    expect(await outboxOf('leader_check_30')).toEqual([admin.user.id, cleo.user.id]);
    expect(await outboxOf('leader_check_7')).toEqual([]);

    app.setNow(at('2030-06-09'));
    await scan();
    await scan();
    expect(await outboxOf('leader_check_7')).toEqual([admin.user.id, cleo.user.id]);
    expect(await outboxOf('leader_check_30')).toEqual([admin.user.id, cleo.user.id]);
    const toCleo = await app.deps.prisma.outboxMessage.findFirst({
      where: { kind: 'leader_check_7', userId: cleo.user.id },
    });
    expect(toCleo!.subject).toBe('Your background check runs out on June 15, 2030');
    expect(toCleo!.body).toContain('in 6 days');

    // Still cleared on its last day: she may be named.
    app.setNow(at('2030-06-15'));
    const named = await organiser.client.put(`/api/events/${campId}/leaders`, { userIds: [ada.user.id, cleo.user.id] });
    expect(named.status, named.text).toBe(200);
    expect(named.body.ratio).toEqual({ leaders: 2, minors: 9, required: 2, ok: true });

    app.setNow(at('2030-06-16'));
    await scan();
    await scan();
    const lapses = await app.deps.prisma.auditEntry.findMany({ where: { action: 'leader.lapsed' } });
    expect(lapses).toHaveLength(1);
    expect(lapses[0]).toMatchObject({ actorId: null, subjectType: 'member', subjectId: String(cleo.user.id) });
    // Named before her check ran out, she no longer counts; named again, she is refused.
    expect((await organiser.client.get(`/api/events/${campId}/leaders`)).body.ratio).toEqual({
      leaders: 1,
      minors: 9,
      required: 2,
      ok: false,
    });
    const refused = await organiser.client.put(`/api/events/${campId}/leaders`, { userIds: [cleo.user.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(`Cleo Leader (${cleo.user.id})`);

    const listed = await admin.client.get('/api/admin/members?limit=100');
    const checksOf = (id: number) =>
      listed.body.members.find((entry: { id: number }) => entry.id === id).checks as Record<string, unknown> | null;
    expect(checksOf(cleo.user.id)).toEqual({ cleared: false, lapsed: true, nextExpiry: '2032-01-01' });
    expect(checksOf(ada.user.id)).toEqual({ cleared: true, lapsed: false, nextExpiry: '2031-06-01' });
    expect(checksOf(member.user.id)).toBeNull();

    // Renewed: cleared again, and no longer lapsed.
    expect(
      (await addCheck(cleo, { kind: 'background_check', completedOn: '2030-06-16', expiresOn: '2033-06-16' })).status,
    ).toBe(201);
    expect((await admin.client.get(`/api/admin/members/${cleo.user.id}/checks`)).body).toMatchObject({
      cleared: true,
      lapsed: false,
    });
  });

  it('When an event with minors still lacks leaders 48 hours before it starts, then its managers are told once', async () => {
    const start = Date.parse('2030-07-04T09:00:00.000Z');
    await organiser.client.put(`/api/events/${campId}/leaders`, { userIds: [ada.user.id] });
    app.setNow(new Date(start - 49 * HOUR));
    await scan();
    expect(await outboxOf('leader_shortfall')).toEqual([]);

    app.setNow(new Date(start - 47 * HOUR));
    await scan();
    await scan();
    expect(await outboxOf('leader_shortfall')).toEqual([organiser.user.id]);
    const notice = await app.deps.prisma.outboxMessage.findFirst({ where: { kind: 'leader_shortfall' } });
    expect(notice!.subject).toBe('Leaders needed: Cub camp');
    expect(notice!.body).toContain('9 young members attending and 1 cleared leader; it needs 2.');
  });
});
