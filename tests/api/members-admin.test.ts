import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('members admin on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const signed = await app.signedIn({ isAdmin: true, name: 'Ada Admin' });
    admin = signed.client;
    adminId = signed.user.id;
  });
  afterAll(() => app.stop());

  const lastAudit = async (action: string) =>
    (await app.deps.prisma.auditEntry.findMany({ where: { action }, orderBy: { id: 'desc' }, take: 1 }))[0];
  const row = (id: number) => app.deps.prisma.user.findUniqueOrThrow({ where: { id } });

  describe('GET /api/admin/members', () => {
    it('When an admin lists members with filters and search, then the right ones come back, newest first', async () => {
      const tag = `zq${Date.now()}`;
      const a = await app.signedIn({ name: `Alpha ${tag}`, googleEmail: `alpha-${tag}@example.org` });
      const b = await app.signedIn({ name: 'Beta', status: 'pending', telegramUsername: `${tag}_tg` });
      const c = await app.signedIn({
        name: 'Gamma',
        linkedEmail: `GAMMA-${tag}@example.org`,
        linkedEmailConfirmed: true,
      });
      await app.signedIn({ name: 'Delta', linkedEmail: `delta-${tag}@example.org` });

      const res = await admin.get(`/api/admin/members?q=${tag.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.members.map((m: { id: number }) => m.id)).toEqual([c.user.id, b.user.id, a.user.id]);
      expect(res.body.members[2]).toMatchObject({
        id: a.user.id,
        name: `Alpha ${tag}`,
        email: `alpha-${tag}@example.org`,
        telegramUsername: null,
        role: 'member',
        status: 'active',
      });
      // The session app.signedIn made is when they were last seen.
      expect(Date.parse(res.body.members[2].lastSeenAt)).toBeGreaterThan(0);
      expect(res.body.nextCursor).toBeNull();

      const pending = await admin.get(`/api/admin/members?status=pending&q=${tag}`);
      expect(pending.body.members.map((m: { id: number }) => m.id)).toEqual([b.user.id]);
      const admins = await admin.get('/api/admin/members?role=admin');
      expect(admins.body.members.map((m: { id: number }) => m.id)).toContain(adminId);
      expect(admins.body.members.every((m: { role: string }) => m.role === 'admin')).toBe(true);
      // A LIKE wildcard in q is taken literally.
      expect((await admin.get('/api/admin/members?q=%25')).body.members).toEqual([]);
    });

    it('When an admin filters by the guardian role, then the guardian accounts come back, named as such', async () => {
      const guardian = await app.deps.prisma.user.create({ data: { name: 'Gwen Guardian', role: 'guardian' } });
      const all = await admin.get(`/api/admin/members?q=Gwen`);
      expect(all.body.members).toEqual([expect.objectContaining({ id: guardian.id, role: 'guardian' })]);
      const res = await admin.get('/api/admin/members?role=guardian');
      expect(res.status).toBe(200);
      expect(res.body.members.map((m: { id: number }) => m.id)).toContain(guardian.id);
      expect(res.body.members.every((m: { role: string }) => m.role === 'guardian')).toBe(true);
    });

    it('When the list is paged, then the pages join up without gaps or repeats', async () => {
      for (let index = 0; index < 5; index += 1) await app.signedIn({ name: `Pager ${index}` });
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const res = await admin.get(`/api/admin/members?q=Pager&limit=2${query}`);
        expect(res.status).toBe(200);
        expect(res.body.members.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.members.map((m: { id: number }) => m.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect([...seen].sort((x, y) => y - x)).toEqual(seen);
    });

    it('When the query is malformed, then it answers 400 with a clear message', async () => {
      for (const [query, message] of [
        ['limit=0', /limit must be a whole number from 1 to 100/],
        ['limit=101', /limit/],
        ['status=gone', /status must be active, pending or suspended/],
        ['role=king', /role must be one of guardian, member, organiser, admin/],
        ['cursor=nonsense', /Invalid cursor/],
      ] as const) {
        const res = await admin.get(`/api/admin/members?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.error).toMatch(message);
      }
    });

    it('When a member asks for the members list, then it is refused', async () => {
      const { client } = await app.signedIn({ role: 'organiser' });
      expect((await client.get('/api/admin/members')).status).toBe(403);
      expect((await client.patch(`/api/admin/members/${adminId}`, { role: 'member' })).status).toBe(403);
      expect((await client.delete(`/api/admin/members/${adminId}`)).status).toBe(403);
    });
  });

  describe('PATCH /api/admin/members/{id}', () => {
    it('When an admin approves a pending account, then it is active and the audit log says approved', async () => {
      const { user, client } = await app.signedIn({ status: 'pending' });
      const res = await admin.patch(`/api/admin/members/${user.id}`, { status: 'active' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, status: 'active', role: 'member' });
      expect((await client.get('/api/events')).status).toBe(200);
      expect(await lastAudit('member.approved')).toMatchObject({
        actorId: adminId,
        subjectType: 'member',
        subjectId: String(user.id),
        details: { before: 'pending', after: 'active' },
      });
    });

    it('When an admin suspends a member, then its sessions end, it is told nothing, and reinstating lets it sign in', async () => {
      const { user, client } = await app.signedIn({ telegramId: `${Date.now()}` });
      await app.deps.prisma.outboxMessage.create({
        data: {
          idempotencyKey: `suspend-${user.id}`,
          kind: 'test',
          channel: 'telegram',
          userId: user.id,
          recipient: 'x',
          body: 'hi',
        },
      });
      const res = await admin.patch(`/api/admin/members/${user.id}`, { status: 'suspended' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('suspended');
      expect((await client.get('/api/users/me')).status).toBe(401);
      expect(await app.deps.prisma.session.count({ where: { userId: user.id } })).toBe(0);
      expect(await app.deps.prisma.outboxMessage.count({ where: { userId: user.id, status: 'pending' } })).toBe(0);
      expect(await lastAudit('member.suspended')).toMatchObject({ subjectId: String(user.id) });

      expect((await admin.patch(`/api/admin/members/${user.id}`, { status: 'active' })).body.status).toBe('active');
      expect(await lastAudit('member.reinstated')).toMatchObject({
        subjectId: String(user.id),
        details: { before: 'suspended', after: 'active' },
      });
      expect((await (await app.clientFor(await row(user.id))).get('/api/users/me')).status).toBe(200);
    });

    it('When an admin changes a role, then it is stored, is_admin follows and the audit log has before and after', async () => {
      const { user, client } = await app.signedIn();
      const res = await admin.patch(`/api/admin/members/${user.id}`, { role: 'organiser' });
      expect(res.body).toMatchObject({ role: 'organiser' });
      expect((await client.get('/api/users/me')).body).toMatchObject({ role: 'organiser', isAdmin: false });
      expect(await lastAudit('member.role_changed')).toMatchObject({
        subjectId: String(user.id),
        details: { before: 'member', after: 'organiser' },
      });
      await admin.patch(`/api/admin/members/${user.id}`, { role: 'admin' });
      expect(await row(user.id)).toMatchObject({ role: 'admin', isAdmin: true });
      await admin.patch(`/api/admin/members/${user.id}`, { role: 'member' });
      expect(await row(user.id)).toMatchObject({ role: 'member', isAdmin: false });
    });

    it('When the change is bad, then it answers 4xx with a clear message and nothing changes', async () => {
      const { user } = await app.signedIn();
      const before = await row(user.id);
      const auditCount = await app.deps.prisma.auditEntry.count();
      const cases: Array<[string, unknown, number, RegExp]> = [
        [`${user.id}`, { role: 'king' }, 400, /role must be member, organiser or admin/],
        [`${user.id}`, { status: 'pending' }, 400, /status must be active or suspended/],
        [`${user.id}`, {}, 400, /Send a status, a role or a birth date/],
        ['999999', { role: 'organiser' }, 404, /Member not found/],
        ['abc', { role: 'organiser' }, 400, /Invalid member id/],
        [`${adminId}`, { role: 'member' }, 409, /cannot change your own role/],
        [`${adminId}`, { status: 'suspended' }, 409, /cannot change your own role or suspend yourself/],
      ];
      for (const [id, body, status, message] of cases) {
        const res = await admin.patch(`/api/admin/members/${id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.error).toMatch(message);
      }
      expect(await row(user.id)).toEqual(before);
      expect(await row(adminId)).toMatchObject({ role: 'admin', status: 'active' });
      expect(await app.deps.prisma.auditEntry.count()).toBe(auditCount);
    });

    it('When two admins demote each other at once, then one stays admin: the last admin is kept', async () => {
      const first = await app.signedIn({ isAdmin: true });
      const second = await app.signedIn({ isAdmin: true });
      // The others step down first, so these two are the only admins.
      const others = await app.deps.prisma.user.findMany({
        where: { role: 'admin', id: { notIn: [first.user.id, second.user.id] } },
        select: { id: true },
      });
      await app.deps.prisma.user.updateMany({
        where: { id: { in: others.map((o) => o.id) } },
        data: { role: 'member' },
      });
      try {
        const answers = await Promise.all([
          first.client.patch(`/api/admin/members/${second.user.id}`, { role: 'member' }),
          second.client.patch(`/api/admin/members/${first.user.id}`, { role: 'member' }),
        ]);
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        const refused = answers.find((res) => res.status === 409);
        if (refused) expect(refused.body.error).toMatch(/last administrator/);
        expect(await app.deps.prisma.user.count({ where: { role: 'admin', status: 'active' } })).toBe(1);
      } finally {
        await app.deps.prisma.user.updateMany({
          where: { id: { in: others.map((o) => o.id) } },
          data: { role: 'admin' },
        });
      }
    });
  });

  describe('DELETE /api/admin/members/{id}', () => {
    it('When an admin deletes (or rejects) a member, then it answers 204, the member is erased and it is audited', async () => {
      const { user, client } = await app.signedIn({
        status: 'pending',
        name: 'Reject Me',
        googleEmail: 'reject@example.org',
      });
      const res = await admin.delete(`/api/admin/members/${user.id}`);
      expect(res.status).toBe(204);
      expect((await client.get('/api/users/me')).status).toBe(401);
      const after = await app.deps.prisma.user.findUnique({ where: { id: user.id } });
      expect(JSON.stringify(after ?? {})).not.toMatch(/Reject Me|reject@example.org/);
      const entry = await lastAudit('member.deleted');
      expect(entry).toMatchObject({ actorId: adminId, subjectId: String(user.id) });
      expect(JSON.stringify(entry!.details)).not.toMatch(/Reject Me|reject@example.org/);
    });

    it('When an admin deletes themselves or an unknown member, then it answers 409 or 404 and nothing changes', async () => {
      const res = await admin.delete(`/api/admin/members/${adminId}`);
      expect(res.status).toBe(409);
      expect(await row(adminId)).toMatchObject({ name: 'Ada Admin', status: 'active' });
      expect((await admin.delete('/api/admin/members/999999')).status).toBe(404);
    });
  });

  describe('a reason with a change', () => {
    it('When an admin suspends, changes a role or deletes with a reason, then the reason is kept in the audit entry', async () => {
      const { user } = await app.signedIn({ name: 'Rea Son' });
      const suspended = await admin.patch(`/api/admin/members/${user.id}`, {
        status: 'suspended',
        reason: '  Shared an invite link publicly  ',
      });
      expect(suspended.status).toBe(200);
      expect((await lastAudit('member.suspended'))!.details).toEqual({
        before: 'active',
        after: 'suspended',
        reason: 'Shared an invite link publicly',
      });

      // Undone at once (the web app's Undo): reinstating with no reason records none.
      await admin.patch(`/api/admin/members/${user.id}`, { status: 'active' });
      expect((await lastAudit('member.reinstated'))!.details).toEqual({ before: 'suspended', after: 'active' });

      await admin.patch(`/api/admin/members/${user.id}`, { role: 'organiser', reason: 'Runs the Saturday hikes' });
      expect((await lastAudit('member.role_changed'))!.details).toEqual({
        before: 'member',
        after: 'organiser',
        reason: 'Runs the Saturday hikes',
      });

      // An empty reason is no reason.
      await admin.patch(`/api/admin/members/${user.id}`, { role: 'member', reason: '   ' });
      expect((await lastAudit('member.role_changed'))!.details).toEqual({ before: 'organiser', after: 'member' });

      const removed = await admin.request('DELETE', `/api/admin/members/${user.id}`, {
        reason: 'Asked by their parent',
      });
      expect(removed.status).toBe(204);
      expect((await lastAudit('member.deleted'))!.details).toEqual({
        status: 'active',
        role: 'member',
        reason: 'Asked by their parent',
      });
    });

    it('When the reason is too long or not text, then it answers 400 with a clear message and nothing changes', async () => {
      const { user } = await app.signedIn({ name: 'Long Reason' });
      const tooLong = await admin.patch(`/api/admin/members/${user.id}`, {
        status: 'suspended',
        reason: 'x'.repeat(501),
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error).toBe('Reason must be at most 500 characters');
      expect((await row(user.id)).status).toBe('active');
      expect((await admin.patch(`/api/admin/members/${user.id}`, { status: 'suspended', reason: 42 })).status).toBe(
        400,
      );
      // A reason alone changes nothing, and says so.
      expect((await admin.patch(`/api/admin/members/${user.id}`, { reason: 'Just because' })).status).toBe(400);
      const deleteTooLong = await admin.request('DELETE', `/api/admin/members/${user.id}`, { reason: 'x'.repeat(501) });
      expect(deleteTooLong.status).toBe(400);
      expect(deleteTooLong.body.error).toBe('Reason must be at most 500 characters');
      expect((await admin.request('DELETE', `/api/admin/members/${user.id}`, { why: 'unknown field' })).status).toBe(
        400,
      );
      expect(await row(user.id)).toMatchObject({ name: 'Long Reason', status: 'active' });
    });
  });
});
