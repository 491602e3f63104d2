// Moderating the discussion over HTTP: editing and removing comments, reporting them, the admins' reports
// list and its resolutions, the audit log they write, reading that log, and its retention.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../api/src/system/housekeeping';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Member = { user: User; client: TestClient };

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Campfire evening',
  description: 'Songs and stories',
  date: '2030-09-12T18:00:00.000Z',
  location: 'Scout hut',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('comment moderation on %s', (kind) => {
  let app: TestApp;
  let organiser: Member;
  let admin: Member;
  let mails = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    organiser = await app.signedIn({ isAdmin: true, name: 'Olive Organiser' });
    admin = await app.signedIn({ isAdmin: true, name: 'Ada Admin' });
  });
  afterAll(() => app.stop());

  const member = (data: Partial<User> = {}) => app.signedIn({ name: `Member ${++mails}`, ...data });

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await organiser.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  async function postComment(author: Member, eventId: number, content = 'See you there'): Promise<number> {
    const res = await author.client.post(`/api/events/${eventId}/comments`, { content });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const commentPath = (eventId: number, commentId: number) => `/api/events/${eventId}/comments/${commentId}`;
  const stored = (id: number) => app.deps.prisma.comment.findUniqueOrThrow({ where: { id } });
  const auditOf = (action: string, subjectId: number | string) =>
    app.deps.prisma.auditEntry.findMany({ where: { action, subjectId: String(subjectId) } });

  describe('editing', () => {
    it('When the author edits their comment, then the new words show with editedAt', async () => {
      const eventId = await createEvent();
      const author = await member();
      const id = await postComment(author, eventId, 'First draft');

      const res = await author.client.patch(commentPath(eventId, id), { content: '  Second thoughts ' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, content: 'Second thoughts', editedAt: expect.any(String) });
      const list = await admin.client.get(`/api/events/${eventId}/comments`);
      expect(list.body).toEqual([
        expect.objectContaining({ id, content: 'Second thoughts', editedAt: res.body.editedAt }),
      ]);
    });

    it('When someone else edits a comment, even the organiser or an admin, then it is 403 and nothing changes', async () => {
      const eventId = await createEvent();
      const author = await member();
      const id = await postComment(author, eventId, 'Mine');
      const other = await member();

      for (const editor of [other, organiser, admin]) {
        const res = await editor.client.patch(commentPath(eventId, id), { content: 'Not yours' });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: expect.any(String), error: 'You can only edit your own comments' });
      }
      expect(await stored(id)).toMatchObject({ content: 'Mine', editedAt: null });
    });

    it('When the edit is empty or too long, then it is 400 with the posting rules and nothing changes', async () => {
      const eventId = await createEvent();
      const author = await member();
      const id = await postComment(author, eventId, 'Keep me');

      const empty = await author.client.patch(commentPath(eventId, id), { content: '   ' });
      const long = await author.client.patch(commentPath(eventId, id), { content: 'x'.repeat(2001) });

      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ code: expect.any(String), error: 'Comment cannot be empty' });
      expect(long.status).toBe(400);
      expect(long.body.error).toMatch(/at most 2000 characters/);
      expect(await stored(id)).toMatchObject({ content: 'Keep me', editedAt: null });
    });

    it('When the comment belongs to another event or does not exist, then it is 404', async () => {
      const [eventId, otherEventId] = [await createEvent(), await createEvent()];
      const author = await member();
      const id = await postComment(author, eventId);

      expect((await author.client.patch(commentPath(otherEventId, id), { content: 'x' })).status).toBe(404);
      const missing = await author.client.patch(commentPath(eventId, 2_000_000_000), { content: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: expect.any(String), error: 'Comment not found' });
    });
  });

  describe('removing', () => {
    it('When the author deletes their comment, then it is 204, gone for everyone, and not audited', async () => {
      const eventId = await createEvent();
      const author = await member();
      const id = await postComment(author, eventId);

      const res = await author.client.delete(commentPath(eventId, id));

      expect(res.status).toBe(204);
      for (const reader of [author, admin, await member()]) {
        expect((await reader.client.get(`/api/events/${eventId}/comments`)).body).toEqual([]);
      }
      expect(await stored(id)).toMatchObject({ removedBy: author.user.id, removedAt: expect.any(Date) });
      expect(await auditOf('comment.removed', id)).toEqual([]);
      expect((await author.client.delete(commentPath(eventId, id))).status).toBe(404);
      expect((await author.client.patch(commentPath(eventId, id), { content: 'back' })).status).toBe(404);
    });

    it('When the organiser or an admin removes a member’s comment, then it is 204 and audited as comment.removed', async () => {
      const eventId = await createEvent();
      const author = await member();
      for (const remover of [organiser, admin]) {
        const id = await postComment(author, eventId);

        expect((await remover.client.delete(commentPath(eventId, id))).status).toBe(204);

        const entries = await auditOf('comment.removed', id);
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          actorId: remover.user.id,
          subjectType: 'comment',
          details: { eventId, authorId: author.user.id },
        });
      }
    });

    it('When another member deletes someone’s comment, then it is 403 and the comment stays', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId, 'Stay');
      const other = await member();

      const res = await other.client.delete(commentPath(eventId, id));

      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/only delete your own comments/);
      expect(await stored(id)).toMatchObject({ removedAt: null });
    });
  });

  describe('reporting', () => {
    it('When a member reports a comment, then it is 202 and an open report is stored', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId, 'Rude words');
      const reporter = await member();

      const res = await reporter.client.post(`${commentPath(eventId, id)}/report`, { reason: ' Unkind ' });

      expect(res.status).toBe(202);
      const reports = await app.deps.prisma.commentReport.findMany({ where: { commentId: id } });
      expect(reports).toEqual([
        expect.objectContaining({ reporterId: reporter.user.id, reason: 'Unkind', status: 'open', resolution: null }),
      ]);
    });

    it('When a member reports the same comment twice, then the second is 409 with a clear message', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId);
      const reporter = await member();
      expect((await reporter.client.post(`${commentPath(eventId, id)}/report`, { reason: 'Spam' })).status).toBe(202);

      const again = await reporter.client.post(`${commentPath(eventId, id)}/report`, { reason: 'Still spam' });

      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        code: expect.any(String),
        error: 'You have already reported this comment. An administrator will look at it.',
      });
      expect(await app.deps.prisma.commentReport.count({ where: { commentId: id } })).toBe(1);
    });

    it('When the reason is missing, empty or over 500 characters, then it is 400 and nothing is stored', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId);
      const reporter = await member();

      for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
        const res = await reporter.client.post(`${commentPath(eventId, id)}/report`, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
      expect(
        (await reporter.client.post(`${commentPath(eventId, id)}/report`, { reason: 'x'.repeat(501) })).body,
      ).toEqual({
        code: expect.any(String),
        error: 'Reason must be at most 500 characters',
      });
      expect(await app.deps.prisma.commentReport.count({ where: { commentId: id } })).toBe(0);
    });

    it('When someone not invited to a private event edits, deletes or reports its comments, then it is 404', async () => {
      const invited = await member();
      const eventId = await createEvent({ isPublic: false });
      expect(
        (await organiser.client.post(`/api/events/${eventId}/invitations`, { userIds: [invited.user.id] })).status,
      ).toBe(200);
      const id = await postComment(invited, eventId, 'Private words');
      const outsider = await member();

      expect((await outsider.client.patch(commentPath(eventId, id), { content: 'x' })).status).toBe(404);
      expect((await outsider.client.delete(commentPath(eventId, id))).status).toBe(404);
      const report = await outsider.client.post(`${commentPath(eventId, id)}/report`, { reason: 'x' });
      expect(report.status).toBe(404);
      expect(report.body).toEqual({ code: expect.any(String), error: 'Event not found' });
      expect(await stored(id)).toMatchObject({ content: 'Private words', removedAt: null });
      expect(await app.deps.prisma.commentReport.count({ where: { commentId: id } })).toBe(0);
    });

    it('When a report comes without a category, as older clients send it, then it is stored as other', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId);
      const reporter = await member();

      const res = await reporter.client.post(`${commentPath(eventId, id)}/report`, { reason: 'Odd' });

      expect(res.status).toBe(202);
      expect(await app.deps.prisma.commentReport.findFirstOrThrow({ where: { commentId: id } })).toMatchObject({
        category: 'other',
        reason: 'Odd',
      });
    });

    it('When a member chooses a category, then the reason may be left out, except for other', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId);
      const [spammer, other] = [await member(), await member()];

      const spam = await spammer.client.post(`${commentPath(eventId, id)}/report`, { category: 'spam' });
      const bare = await other.client.post(`${commentPath(eventId, id)}/report`, { category: 'other', reason: ' ' });

      expect(spam.status).toBe(202);
      expect(bare.status).toBe(400);
      expect(bare.body).toEqual({ code: expect.any(String), error: 'Please say why you are reporting this comment' });
      expect(await app.deps.prisma.commentReport.findMany({ where: { commentId: id } })).toEqual([
        expect.objectContaining({ reporterId: spammer.user.id, category: 'spam', reason: '' }),
      ]);
    });

    it('When the category is unknown, then it is 400 naming the four and nothing is stored', async () => {
      const eventId = await createEvent();
      const id = await postComment(await member(), eventId);
      const reporter = await member();

      for (const category of ['rude', 3, null]) {
        const res = await reporter.client.post(`${commentPath(eventId, id)}/report`, { category, reason: 'x' });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: expect.any(String),
          error: 'Category must be one of spam, bullying, safeguarding, other',
        });
      }
      expect(await app.deps.prisma.commentReport.count({ where: { commentId: id } })).toBe(0);
    });

    it('When comments are reported, then one digest job waits an hour and reaches the active admins once', async () => {
      // Two hours ahead: earlier tests' digest (due an hour after their reports) is sent first, and sessions last.
      const start = new Date(Date.now() + 2 * 60 * 60_000);
      app.setNow(new Date(start.getTime() - 1000));
      const drain = () => app.system.outbox.expandNext(app.deps.now(), 500);
      while (await drain());
      const watcher = await app.signedIn({
        isAdmin: true,
        name: 'Wendy Watcher',
        googleEmail: `wendy-${kind}@example.org`,
        notificationPrefs: ['email'],
      });
      const away = await app.signedIn({
        isAdmin: true,
        status: 'suspended',
        googleEmail: `away-${kind}@example.org`,
        notificationPrefs: ['email'],
      });
      app.setNow(start);
      const eventId = await createEvent();
      const first = await postComment(await member(), eventId, 'One');
      const second = await postComment(await member(), eventId, 'Two');

      await (await member()).client.post(`${commentPath(eventId, first)}/report`, { reason: 'a' });
      app.setNow(new Date(start.getTime() + 10 * 60_000));
      await (await member()).client.post(`${commentPath(eventId, second)}/report`, { reason: 'b' });

      const jobs = await app.deps.prisma.notificationJob.findMany({
        where: { kind: 'reports_digest', status: 'pending' },
      });
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.nextAttemptAt.getTime()).toBe(start.getTime() + 60 * 60_000);
      while (await drain());
      expect(await app.deps.prisma.outboxMessage.count({ where: { kind: 'reports_digest' } })).toBe(0);

      app.setNow(new Date(start.getTime() + 60 * 60_000));
      while (await drain());

      const sent = await app.deps.prisma.outboxMessage.findMany({ where: { kind: 'reports_digest' } });
      const mine = sent.filter((row) => row.userId === watcher.user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.body).toMatch(/reported comments are waiting for an administrator/);
      expect(mine[0]!.body).not.toMatch(/One|Two/);
      expect(sent.some((row) => row.userId === away.user.id)).toBe(false);
      app.setNow(new Date());
    });
  });

  describe('the admins’ reports', () => {
    async function reported(content = 'Report me') {
      const author = await member();
      const eventId = await createEvent();
      const commentId = await postComment(author, eventId, content);
      const reporters = [await member(), await member()];
      for (const reporter of reporters) {
        expect(
          (await reporter.client.post(`${commentPath(eventId, commentId)}/report`, { reason: 'Mean' })).status,
        ).toBe(202);
      }
      const reports = await app.deps.prisma.commentReport.findMany({ where: { commentId }, orderBy: { id: 'asc' } });
      return { author, eventId, commentId, reporters, reportIds: reports.map((report) => report.id) };
    }

    it('When an admin lists open reports, then they come newest first with reporter and comment, in pages', async () => {
      const { author, eventId, commentId, reporters, reportIds } = await reported('Listed words');

      const res = await admin.client.get('/api/admin/reports?status=open');

      expect(res.status).toBe(200);
      expect(res.body.reports[0]).toEqual({
        id: reportIds[1],
        status: 'open',
        category: 'other',
        reason: 'Mean',
        createdAt: expect.any(String),
        reporter: { id: reporters[1]!.user.id, name: reporters[1]!.user.name },
        comment: {
          id: commentId,
          content: 'Listed words',
          eventId,
          author: { id: author.user.id, name: author.user.name },
        },
      });
      expect(res.body.reports[1].id).toBe(reportIds[0]);
      const ids = res.body.reports.map((report: { id: number }) => report.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('When an admin filters by category, then only reports of that category come, each saying its category', async () => {
      const eventId = await createEvent();
      const commentId = await postComment(await member(), eventId, 'Filtered words');
      const [bully, worried] = [await member(), await member()];
      await bully.client.post(`${commentPath(eventId, commentId)}/report`, { category: 'bullying' });
      await worried.client.post(`${commentPath(eventId, commentId)}/report`, { category: 'safeguarding' });

      const res = await admin.client.get('/api/admin/reports?status=open&category=safeguarding');
      const bad = await admin.client.get('/api/admin/reports?category=rude');

      expect(res.status).toBe(200);
      expect(res.body.reports.length).toBeGreaterThan(0);
      expect(res.body.reports.every((report: { category: string }) => report.category === 'safeguarding')).toBe(true);
      expect(res.body.reports[0]).toMatchObject({
        category: 'safeguarding',
        reason: '',
        reporter: { id: worried.user.id },
        comment: { id: commentId },
      });
      const all = await admin.client.get('/api/admin/reports?status=open');
      const categories = all.body.reports
        .filter((report: { comment: { id: number } }) => report.comment.id === commentId)
        .map((report: { category: string }) => report.category);
      expect(categories).toEqual(['safeguarding', 'bullying']);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Category must be one of spam, bullying, safeguarding, other');
    });

    it('When there are more than 50 reports, then nextCursor leads to the rest without overlap', async () => {
      const eventId = await createEvent();
      const commentId = await postComment(await member(), eventId);
      const reporters = await Promise.all(Array.from({ length: 52 }, () => member()));
      await app.deps.prisma.commentReport.createMany({
        data: reporters.map((reporter) => ({ commentId, reporterId: reporter.user.id, reason: 'bulk' })),
      });
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { reports: Array<{ id: number }>; nextCursor: string | null } } =
          await admin.client.get(`/api/admin/reports?status=open${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.reports.map((report) => report.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(await app.deps.prisma.commentReport.count({ where: { status: 'open' } }));
      await app.deps.prisma.commentReport.deleteMany({ where: { commentId } });
    });

    it('When a member or organiser-less member asks for reports or resolves one, then it is 403', async () => {
      const { reportIds } = await reported();
      const plain = await member();

      expect((await plain.client.get('/api/admin/reports')).status).toBe(403);
      expect(
        (await plain.client.post(`/api/admin/reports/${reportIds[0]}/resolve`, { action: 'dismiss' })).status,
      ).toBe(403);
      expect(await app.deps.prisma.commentReport.findUniqueOrThrow({ where: { id: reportIds[0]! } })).toMatchObject({
        status: 'open',
      });
    });

    it('When an admin dismisses a report, then every open report of that comment is resolved and the comment stays', async () => {
      const { commentId, reportIds } = await reported();

      const res = await admin.client.post(`/api/admin/reports/${reportIds[0]}/resolve`, { action: 'dismiss' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: reportIds[0], status: 'resolved' });
      const rows = await app.deps.prisma.commentReport.findMany({ where: { commentId } });
      expect(rows.every((row) => row.status === 'resolved' && row.resolution === 'dismiss')).toBe(true);
      expect(await stored(commentId)).toMatchObject({ removedAt: null });
      const entries = await auditOf('report.resolved', reportIds[0]!);
      expect(entries).toEqual([
        expect.objectContaining({ actorId: admin.user.id, details: expect.objectContaining({ action: 'dismiss' }) }),
      ]);
      const resolved = await admin.client.get('/api/admin/reports?status=resolved');
      expect(resolved.body.reports.map((report: { id: number }) => report.id)).toContain(reportIds[0]);
      const again = await admin.client.post(`/api/admin/reports/${reportIds[1]}/resolve`, { action: 'remove_comment' });
      expect(again.status).toBe(409);
      expect(await stored(commentId)).toMatchObject({ removedAt: null });
    });

    it('When an admin resolves by removing the comment, then it disappears and both entries are audited', async () => {
      const { eventId, commentId, reportIds } = await reported('Remove me');

      const res = await admin.client.post(`/api/admin/reports/${reportIds[1]}/resolve`, { action: 'remove_comment' });

      expect(res.status).toBe(200);
      expect(res.body.comment.content).toBe('Remove me');
      expect((await admin.client.get(`/api/events/${eventId}/comments`)).body).toEqual([]);
      expect(await auditOf('report.resolved', reportIds[1]!)).toHaveLength(1);
      expect(await auditOf('comment.removed', commentId)).toEqual([
        expect.objectContaining({ actorId: admin.user.id }),
      ]);
    });

    it('When an admin suspends the author, then the comment goes, their session ends and it is audited', async () => {
      const { author, commentId, reportIds } = await reported();

      const res = await admin.client.post(`/api/admin/reports/${reportIds[0]}/resolve`, { action: 'suspend_author' });

      expect(res.status).toBe(200);
      expect(await app.deps.prisma.user.findUniqueOrThrow({ where: { id: author.user.id } })).toMatchObject({
        status: 'suspended',
      });
      expect(await app.deps.prisma.session.count({ where: { userId: author.user.id } })).toBe(0);
      expect((await author.client.get('/api/users/me')).status).toBe(401);
      expect(await stored(commentId)).toMatchObject({ removedAt: expect.any(Date) });
      expect(await auditOf('member.suspended', author.user.id)).toEqual([
        expect.objectContaining({ actorId: admin.user.id, details: { reportId: reportIds[0] } }),
      ]);
      expect(await auditOf('report.resolved', reportIds[0]!)).toHaveLength(1);
    });

    it('When the action is unknown or the report missing, then it is 400 or 404 and nothing changes', async () => {
      const { reportIds } = await reported();

      const bad = await admin.client.post(`/api/admin/reports/${reportIds[0]}/resolve`, { action: 'ban_forever' });
      const missing = await admin.client.post('/api/admin/reports/2000000000/resolve', { action: 'dismiss' });
      const badStatus = await admin.client.get('/api/admin/reports?status=maybe');

      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        code: expect.any(String),
        error: 'Action must be dismiss, remove_comment or suspend_author',
      });
      expect(missing.status).toBe(404);
      expect(badStatus.status).toBe(400);
      expect(await app.deps.prisma.commentReport.findUniqueOrThrow({ where: { id: reportIds[0]! } })).toMatchObject({
        status: 'open',
      });
      expect(await auditOf('report.resolved', reportIds[0]!)).toEqual([]);
    });

    it('When the reported author is an admin, then suspend_author is 409 and nothing changes', async () => {
      const eventId = await createEvent();
      const commentId = await postComment(organiser, eventId, 'Admin words');
      const reporter = await member();
      await reporter.client.post(`${commentPath(eventId, commentId)}/report`, { reason: 'x' });
      const report = await app.deps.prisma.commentReport.findFirstOrThrow({ where: { commentId } });

      const res = await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: 'suspend_author' });

      expect(res.status).toBe(409);
      expect(await app.deps.prisma.user.findUniqueOrThrow({ where: { id: organiser.user.id } })).toMatchObject({
        status: 'active',
      });
      expect(await stored(commentId)).toMatchObject({ removedAt: null });
    });
  });

  describe('the audit log', () => {
    it('When an admin reads the log, then entries come newest first with actor names, filtered and paged', async () => {
      const eventId = await createEvent();
      const author = await member();
      for (let i = 0; i < 3; i += 1) {
        const id = await postComment(author, eventId);
        expect((await admin.client.delete(commentPath(eventId, id))).status).toBe(204);
      }

      const first = await admin.client.get(`/api/admin/audit?action=comment.removed&actorId=${admin.user.id}&limit=2`);

      expect(first.status).toBe(200);
      expect(first.body.entries).toHaveLength(2);
      expect(first.body.entries[0]).toEqual({
        id: expect.any(String),
        at: expect.any(String),
        actor: { id: admin.user.id, name: 'Ada Admin' },
        action: 'comment.removed',
        subject: { type: 'comment', id: expect.any(String) },
        details: { eventId, authorId: author.user.id },
      });
      expect(BigInt(first.body.entries[0].id)).toBeGreaterThan(BigInt(first.body.entries[1].id));
      expect(first.body.nextCursor).toBe(first.body.entries[1].id);
      const rest = await admin.client.get(
        `/api/admin/audit?action=comment.removed&actorId=${admin.user.id}&limit=2&cursor=${first.body.nextCursor}`,
      );
      const ids = [...first.body.entries, ...rest.body.entries].map((entry: { id: string }) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(rest.body.entries.every((entry: { action: string }) => entry.action === 'comment.removed')).toBe(true);
    });

    it('When the action is unknown or the limit out of range, then it is 400; members get 403', async () => {
      const unknown = await admin.client.get('/api/admin/audit?action=comment.vanished');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ code: expect.any(String), error: 'Unknown audit action' });
      for (const query of ['limit=0', 'limit=101', 'cursor=abc', 'actorId=-1']) {
        expect((await admin.client.get(`/api/admin/audit?${query}`)).status).toBe(400);
      }
      expect((await (await member()).client.get('/api/admin/audit')).status).toBe(403);
    });

    it('When anything but the retention job updates or deletes an entry, then the database refuses', async () => {
      const before = await app.deps.prisma.auditEntry.count();
      // The trigger's message does not reach Prisma's error on every driver; the unchanged count is the proof.
      await expect(app.deps.prisma.$executeRawUnsafe(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
      await expect(app.deps.prisma.$executeRawUnsafe('DELETE FROM audit_log')).rejects.toThrow();
      await expect(app.deps.prisma.auditEntry.deleteMany({})).rejects.toThrow();
      expect(await app.deps.prisma.auditEntry.count({ where: { action: 'x' } })).toBe(0);
      expect(await app.deps.prisma.auditEntry.count()).toBe(before);
    });

    it('When a session sets audit.retention for its transaction, then it still cannot delete or truncate an entry', async () => {
      const before = await app.deps.prisma.auditEntry.count();
      expect(before).toBeGreaterThan(0);
      await expect(
        app.deps.prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(`SET LOCAL audit.retention = 'on'`);
          await tx.$executeRawUnsafe('DELETE FROM audit_log');
        }),
      ).rejects.toThrow();
      await expect(
        app.deps.prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(`SET LOCAL audit.retention = 'on'`);
          await tx.$executeRawUnsafe('TRUNCATE audit_log');
        }),
      ).rejects.toThrow();
      expect(await app.deps.prisma.auditEntry.count()).toBe(before);
    });

    it('When housekeeping runs, then entries older than the retention are removed and audit.pruned says how many', async () => {
      const now = new Date();
      app.setNow(now);
      const day = 24 * 60 * 60 * 1000;
      const old = new Date(now.getTime() - 731 * day).toISOString();
      const recent = new Date(now.getTime() - 729 * day).toISOString();
      await app.deps.prisma.$executeRawUnsafe(
        `INSERT INTO audit_log (at, actor_id, action, subject_type, subject_id, details)
         VALUES ('${old}', NULL, 'member.approved', 'user', 'old-1', '{}'),
                ('${old}', NULL, 'member.approved', 'user', 'old-2', '{}'),
                ('${recent}', NULL, 'member.approved', 'user', 'recent', '{}')`,
      );

      await pruneExpired(app.deps, app.system.services);

      const left = await app.deps.prisma.auditEntry.findMany({
        where: { subjectId: { in: ['old-1', 'old-2', 'recent'] } },
      });
      expect(left.map((entry) => entry.subjectId)).toEqual(['recent']);
      const pruned = await app.deps.prisma.auditEntry.findMany({ where: { action: 'audit.pruned' } });
      expect(pruned).toEqual([
        expect.objectContaining({ actorId: null, details: expect.objectContaining({ count: 2 }) }),
      ]);

      await pruneExpired(app.deps, app.system.services);
      expect(await app.deps.prisma.auditEntry.count({ where: { action: 'audit.pruned' } })).toBe(1);
    });
  });
});
