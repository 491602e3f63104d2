import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('invite links on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: number;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: {
        MEMBERSHIP_MODE: 'invite',
        PUBLIC_URL: 'https://events.example.org',
        TELEGRAM_BOT_USERNAME: 'events_test_bot',
      },
    });
    const signed = await app.signedIn({ isAdmin: true });
    admin = signed.client;
    adminId = signed.user.id;
  });
  afterAll(() => app.stop());

  const audit = (action: string) => app.deps.prisma.auditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });

  it('When an admin creates an invite, then it answers 201 with an unguessable code, its link and its limits', async () => {
    const before = Date.now();
    const res = await admin.post('/api/admin/invites', { maxUses: 3, expiresInDays: 7, role: 'organiser' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ maxUses: 3, uses: 0, role: 'organiser' });
    expect(res.body.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body.url).toBe(`https://events.example.org/join/${res.body.code}`);
    expect(res.body.miniAppUrl).toBe(`https://t.me/events_test_bot?startapp=join_${res.body.code}`);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    const [entry] = (await audit('invite.created')).slice(-1);
    expect(entry).toMatchObject({ actorId: adminId, subjectType: 'invite', subjectId: res.body.code.slice(0, 6) });
    expect(JSON.stringify(entry!.details)).not.toContain(res.body.code);

    const plain = await admin.post('/api/admin/invites', {});
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ maxUses: null, uses: 0, role: 'member' });
    expect(Date.parse(plain.body.expiresAt) - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    expect(plain.body.code).not.toBe(res.body.code);

    const list = await admin.get('/api/admin/invites');
    expect(list.status).toBe(200);
    expect(list.body.map((invite: { code: string }) => invite.code)).toEqual(
      expect.arrayContaining([res.body.code, plain.body.code]),
    );
  });

  it('When the invite’s values are out of range, then it answers 400 and nothing is created', async () => {
    const count = await app.deps.prisma.invite.count();
    for (const body of [
      { maxUses: 0 },
      { maxUses: 1001 },
      { maxUses: 2.5 },
      { expiresInDays: 0 },
      { expiresInDays: 91 },
      { role: 'admin' },
      { role: 'boss' },
      { extra: true },
    ]) {
      const res = await admin.post('/api/admin/invites', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/maxUses|expiresInDays|role|Unrecognized|unrecognized/);
    }
    expect(await app.deps.prisma.invite.count()).toBe(count);
  });

  it('When anyone opens an invite’s preview, then it names the inviter and the organisation; a bad code is 404 or 410', async () => {
    const inviter = await app.signedIn({ isAdmin: true, role: 'admin', name: 'Paula Parker' });
    const invite = await inviter.client.post('/api/admin/invites', { maxUses: 1 });
    expect(invite.status).toBe(201);

    const res = await app.anonymous().get(`/api/invites/${invite.body.code}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      inviter: { name: 'Paula Parker' },
      organisation: { name: 'Community Events' },
      role: 'member',
    });
    expect((await app.anonymous().get(`/api/invites/${'A'.repeat(22)}`)).status).toBe(404);
    expect((await app.anonymous().get('/api/invites/x')).status).toBe(400);
    const { client } = await app.signedIn({ status: 'pending' });
    expect((await client.post('/api/users/me/join', { code: invite.body.code })).status).toBe(200);
    const usedUp = await app.anonymous().get(`/api/invites/${invite.body.code}`);
    expect(usedUp.status).toBe(410);
    expect(usedUp.body.error).toBe('This invite link has expired or has been used up.');
  });

  it('When the inviter is a minor, then the preview names them by first name only', async () => {
    const young = await app.signedIn({
      isAdmin: true,
      role: 'admin',
      name: 'Mia Young',
      birthDate: new Date(Date.now() - 15 * 365 * DAY),
    });
    const invite = await young.client.post('/api/admin/invites', {});
    expect(invite.status).toBe(201);

    const res = await app.anonymous().get(`/api/invites/${invite.body.code}`);

    expect(res.body.inviter).toEqual({ name: 'Mia' });
  });

  it('When a member or anonymous visitor uses the invite admin API, then they are refused', async () => {
    const { client } = await app.signedIn();
    expect((await client.post('/api/admin/invites', {})).status).toBe(403);
    expect((await client.get('/api/admin/invites')).status).toBe(403);
    expect((await app.anonymous().get('/api/admin/invites')).status).toBe(401);
  });

  it('When a pending account joins with a code, then it is active with the invite’s role and the use is counted', async () => {
    const invite = (await admin.post('/api/admin/invites', { role: 'organiser', maxUses: 2 })).body;
    const { client, user } = await app.signedIn({ status: 'pending' });
    expect((await client.get('/api/events')).status).toBe(403);
    const res = await client.post('/api/users/me/join', { code: invite.code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, status: 'active', role: 'organiser' });
    expect((await client.get('/api/events')).status).toBe(200);
    expect((await app.deps.prisma.invite.findUniqueOrThrow({ where: { code: invite.code } })).uses).toBe(1);
    const [entry] = (await audit('member.approved')).slice(-1);
    expect(entry).toMatchObject({ actorId: null, subjectType: 'member', subjectId: String(user.id) });
    expect(entry!.details).toMatchObject({ via: 'invite' });

    // Joining again once active changes nothing and takes no use.
    const again = await client.post('/api/users/me/join', { code: invite.code });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'active', role: 'organiser' });
    expect((await app.deps.prisma.invite.findUniqueOrThrow({ where: { code: invite.code } })).uses).toBe(1);
  });

  it('When the code is unknown, expired, used up or revoked, then joining answers 404 or 410 and the account stays pending', async () => {
    const { client, user } = await app.signedIn({ status: 'pending' });
    const unknown = await client.post('/api/users/me/join', { code: 'A'.repeat(22) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: expect.any(String), error: 'This invite link is not valid.' });
    expect((await client.post('/api/users/me/join', { code: 'x' })).status).toBe(400);

    const expiring = (await admin.post('/api/admin/invites', { expiresInDays: 1 })).body;
    app.setNow(new Date(Date.now() + 2 * DAY));
    const expired = await client.post('/api/users/me/join', { code: expiring.code });
    app.setNow(new Date());
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      code: expect.any(String),
      error: 'This invite link has expired or has been used up.',
    });

    const single = (await admin.post('/api/admin/invites', { maxUses: 1 })).body;
    const first = await app.signedIn({ status: 'pending' });
    expect((await first.client.post('/api/users/me/join', { code: single.code })).status).toBe(200);
    expect((await client.post('/api/users/me/join', { code: single.code })).status).toBe(410);

    const revoked = (await admin.post('/api/admin/invites', {})).body;
    expect((await admin.delete(`/api/admin/invites/${revoked.code}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/invites/${revoked.code}`)).status).toBe(404);
    expect((await client.post('/api/users/me/join', { code: revoked.code })).status).toBe(404);
    expect((await audit('invite.revoked')).at(-1)).toMatchObject({
      actorId: adminId,
      subjectId: revoked.code.slice(0, 6),
    });

    expect(await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      status: 'pending',
      role: 'member',
    });
  });

  it('When many pending accounts join with the same invite at once, then no more than maxUses get in', async () => {
    const invite = (await admin.post('/api/admin/invites', { maxUses: 3 })).body;
    const applicants = await Promise.all(Array.from({ length: 10 }, () => app.signedIn({ status: 'pending' })));
    const answers = await Promise.all(
      applicants.map(({ client }) => client.post('/api/users/me/join', { code: invite.code })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 410)).toHaveLength(7);
    expect((await app.deps.prisma.invite.findUniqueOrThrow({ where: { code: invite.code } })).uses).toBe(3);
    const ids = applicants.map(({ user }) => user.id);
    expect(await app.deps.prisma.user.count({ where: { id: { in: ids }, status: 'active' } })).toBe(3);
  });
});
