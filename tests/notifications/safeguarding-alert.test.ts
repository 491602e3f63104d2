// A safeguarding concern cannot wait for the admins' hourly digest: reporting a comment as one alerts every active
// admin at once, by email (a real SMTP server) and Telegram (the fake Bot API), each in their own language, saying
// which event's discussion and where to look, and nothing of the comment or of the reporter's words.
import type { User } from '@prisma/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { deliverySuite } from './delivery-suite';

describe.each(DATABASE_KINDS)('safeguarding alerts on %s', (kind) => {
  const suite = deliverySuite(kind);
  let english: User;
  let german: User;
  let away: User;
  let reporter: { user: User; client: TestClient };
  let commentPath: string;

  beforeEach(async () => {
    const { prisma } = suite.app.deps;
    english = await prisma.user.create({
      data: {
        name: 'Erin Admin',
        isAdmin: true,
        role: 'admin',
        googleEmail: suite.email('erin'),
        notificationPrefs: ['email'],
      },
    });
    german = await prisma.user.create({
      data: {
        name: 'Greta Admin',
        isAdmin: true,
        role: 'admin',
        language: 'de',
        telegramId: suite.telegramId(55),
        notificationPrefs: ['telegram'],
      },
    });
    away = await prisma.user.create({
      data: {
        name: 'Sam Suspended',
        isAdmin: true,
        role: 'admin',
        status: 'suspended',
        googleEmail: suite.email('sam'),
        notificationPrefs: ['email'],
      },
    });
    const created = await suite.admin.client.post('/api/events', eventBody({ name: 'Forest walk' }));
    expect(created.status).toBe(201);
    const author = await suite.app.signedIn({ name: 'Alex Author' });
    const posted = await author.client.post(`/api/events/${created.body.id}/comments`, {
      content: 'Meet me alone behind the hut',
    });
    expect(posted.status).toBe(201);
    commentPath = `/api/events/${created.body.id}/comments/${posted.body.id}`;
    reporter = await suite.app.signedIn({ name: 'Rita Reporter' });
    // The news of the event itself is not what these tests are about.
    await suite.deliver();
    suite.smtp.messages.length = 0;
    suite.app.botApi.calls.length = 0;
  });

  it('When a member reports a safeguarding concern, then every active admin is alerted at once in their language, without the words, and it is audited', async () => {
    const res = await reporter.client.post(`${commentPath}/report`, {
      category: 'safeguarding',
      reason: 'He asked my friend to come alone',
    });
    expect(res.status).toBe(202);

    // No clock moves: the alert is due now, not in an hour.
    await suite.deliver();

    const mails = suite.mailsTo(english);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Safeguarding concern reported');
    expect(mails[0]!.text).toContain(
      'A member reported a safeguarding concern about a comment on Forest walk. Please look at it now.',
    );
    const telegram = suite.telegramTo(german);
    expect(telegram).toHaveLength(1);
    expect(String(telegram[0]!.params.text)).toContain(
      'Ein Mitglied hat eine Sorge um das Wohl eines Kindes zu einem Kommentar bei Forest walk gemeldet.',
    );
    // No buttons under an admin's alert.
    expect(telegram[0]!.params.reply_markup).toBeUndefined();
    for (const text of [mails[0]!.text, mails[0]!.html, String(telegram[0]!.params.text)]) {
      expect(text).not.toMatch(/alone|Alex|Rita/);
    }
    expect(suite.smtp.messages.some((mail) => mail.envelopeTo.includes(away.googleEmail!))).toBe(false);

    const { prisma } = suite.app.deps;
    const report = await prisma.commentReport.findFirstOrThrow({ where: { reporterId: reporter.user.id } });
    expect(report).toMatchObject({ category: 'safeguarding', status: 'open' });
    const audit = await prisma.auditEntry.findMany({
      where: { action: 'report.safeguarding', actorId: reporter.user.id },
    });
    expect(audit).toEqual([
      expect.objectContaining({ actorId: reporter.user.id, subjectType: 'report', subjectId: String(report.id) }),
    ]);
    // The alert took the digest's place: nothing waits to tell the admins again in an hour.
    expect(await prisma.notificationJob.count({ where: { kind: 'reports_digest', status: 'pending' } })).toBe(0);

    // Sent once, however often the worker looks again.
    await suite.deliver();
    expect(suite.mailsTo(english)).toHaveLength(1);
  });

  it('When a comment is reported as spam or bullying, then nobody is alerted now and the hourly digest waits', async () => {
    const res = await reporter.client.post(`${commentPath}/report`, { category: 'bullying' });
    expect(res.status).toBe(202);

    await suite.deliver();

    expect(suite.smtp.messages).toEqual([]);
    expect(suite.telegramTo(german)).toEqual([]);
    const { prisma } = suite.app.deps;
    expect(await prisma.notificationJob.count({ where: { kind: 'reports_digest', status: 'pending' } })).toBe(1);
    expect(await prisma.auditEntry.count({ where: { action: 'report.safeguarding', actorId: reporter.user.id } })).toBe(
      0,
    );
  });

  it('When the concern is resolved before the worker runs, then no alert goes out', async () => {
    expect((await reporter.client.post(`${commentPath}/report`, { category: 'safeguarding' })).status).toBe(202);
    const report = await suite.app.deps.prisma.commentReport.findFirstOrThrow({
      where: { reporterId: reporter.user.id },
    });
    const resolved = await suite.admin.client.post(`/api/admin/reports/${report.id}/resolve`, {
      action: 'remove_comment',
    });
    expect(resolved.status).toBe(200);

    await suite.deliver();

    expect(suite.smtp.messages).toEqual([]);
    expect(suite.telegramTo(german)).toEqual([]);
  });
});
