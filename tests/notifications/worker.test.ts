import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/database';
import { createEmailSender } from '../../api/src/modules/notifications/email-sender';
import { createFanOut } from '../../api/src/modules/notifications/fan-out';
import { createOutboxWorker } from '../../api/src/modules/notifications/outbox-worker';
import { getSmtpForDelivery } from '../../api/src/modules/admin/smtp-settings-service';
import { DATABASE_KINDS } from '../support/databases';
import { type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const eventBody = {
  name: 'Board Games',
  description: 'Bring your favourite game.',
  date: '2031-03-01T18:00:00.000Z',
  location: 'Youth Centre',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('the delivery worker on %s', (kind) => {
  let app: BotTestApp;
  let smtp: TestSmtpServer;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let members: User[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startBotTestApp(kind);
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.restart();
    await app.reset();
    smtp.messages.length = 0;
    smtp.rejectRecipients.clear();
    botApi.calls.length = 0;
    app.setNow(new Date());
    admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    members = [];
    for (let index = 0; index < 6; index += 1) {
      const { user } = await app.signedIn({
        name: `Member ${index}`,
        googleEmail: `member${index}-${Date.now()}@example.org`,
        notificationPrefs: ['email'],
      });
      members.push(user);
    }
  });

  async function announce() {
    const res = await admin.client.post('/api/events', eventBody);
    expect(res.status).toBe(201);
  }
  const advance = (ms: number) => app.setNow(new Date(app.deps.now().getTime() + ms));
  /** Every member's address exactly once. */
  const expectEachMemberOnce = () =>
    expect(smtp.messages.map((mail) => mail.envelopeTo[0]).sort()).toEqual(
      members.map((member) => member.googleEmail).sort(),
    );

  it('When the SMTP server is down, then email is retried with backoff and delivered once when it is back', async () => {
    await smtp.stop();
    await announce();
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 6, failed: 0 });
    const waiting = await app.outboxRows();
    expect(waiting.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    expect(waiting[0]!.lastError).toMatch(/^SMTP error: /);

    await smtp.restart();
    // Not due yet: the backoff holds the rows back.
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(1500);
    expect(await app.worker().drain()).toEqual({ sent: 6, retried: 0, failed: 0 });
    advance(60_000);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expectEachMemberOnce();
    expect((await app.outboxRows()).every((row) => row.status === 'sent' && row.attempts === 2)).toBe(true);
  });

  it('When a worker dies mid-batch, then another takes over its rows after the lease and each message goes out once', async () => {
    await announce();
    let sentByFirst = 0;
    const dying = app.worker(
      { concurrency: 1, leaseMs: 60_000 },
      {
        // After two messages this worker hangs for ever, like a process killed in the middle of a send.
        email: (send) => (message) => (sentByFirst++ < 2 ? send(message) : new Promise<void>(() => {})),
      },
    );
    void dying.drain();
    await smtp.waitFor(2);
    // Its third send has begun, and hangs.
    await expect.poll(() => sentByFirst).toBe(3);

    const successor = app.worker();
    expect(await successor.drain()).toEqual({ sent: 0, retried: 0, failed: 0 }); // still leased
    advance(61_000);
    expect(await successor.drain()).toEqual({ sent: 4, retried: 0, failed: 0 });
    expectEachMemberOnce();
  });

  it('When a worker is stopped mid-batch, then it hands back the untried rows and a restart sends each once', async () => {
    await announce();
    const first = app.worker(
      { concurrency: 1, pollIntervalMs: 50 },
      {
        email: (send) => async (message) => {
          await wait(150);
          await send(message);
        },
      },
    );
    first.start();
    await smtp.waitFor(2);
    await first.stop();
    const delivered = smtp.messages.length;
    expect(delivered).toBeLessThan(6);
    const rest = (await app.outboxRows()).filter((row) => row.status === 'pending');
    expect(rest).toHaveLength(6 - delivered);
    expect(rest.every((row) => row.lockedUntil === null && row.attempts === 0)).toBe(true);

    expect((await app.worker().drain()).sent).toBe(6 - delivered);
    expectEachMemberOnce();
  });

  it('When two workers with their own connections drain together, then no message is sent twice', async () => {
    for (let index = 0; index < 40; index += 1) {
      const { user } = await app.signedIn({
        name: `Extra ${index}`,
        googleEmail: `extra${index}-${Date.now()}@example.org`,
        notificationPrefs: ['email'],
      });
      members.push(user);
    }
    await announce();
    // On PostgreSQL the second worker gets its own pool, as a second process would.
    const second = app.config.database.kind === 'postgres' ? await openDatabase(app.config.database, 5) : null;
    const otherEmail = createEmailSender(() => getSmtpForDelivery(app.deps), app.deps.logger);
    try {
      const prisma = second?.prisma ?? app.deps.prisma;
      const workerA = app.worker({ batchSize: 5, concurrency: 2 });
      const workerB = createOutboxWorker(
        {
          prisma,
          logger: app.deps.logger,
          now: app.deps.now,
          fanOut: createFanOut({ prisma, config: app.config, logger: app.deps.logger }),
          senders: { email: otherEmail.send },
        },
        { batchSize: 5, concurrency: 2 },
      );
      // The fan-out first, so that both find rows to deliver (the next test has them expand together).
      while (await app.outbox.expandNext(app.deps.now(), 500));
      const [a, b] = await Promise.all([workerA.drain(), workerB.drain()]);
      expect(a.sent + b.sent).toBe(46);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
    } finally {
      otherEmail.close();
      await second?.close();
    }
    expect(new Set(smtp.messages.map((mail) => mail.envelopeTo[0])).size).toBe(46);
    expectEachMemberOnce();
  });

  it('When the SMTP server refuses an address for good, then that message is failed with the reason and not retried', async () => {
    smtp.rejectRecipients.add(members[0]!.googleEmail!.toLowerCase());
    await announce();
    expect(await app.worker().drain()).toEqual({ sent: 5, retried: 0, failed: 1 });
    advance(3_600_000);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const failed = (await app.outboxRows()).filter((row) => row.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.recipient).toBe(members[0]!.googleEmail);
    expect(failed[0]!.lastError).toMatch(/^SMTP error: 550/);
    expect(smtp.messages.map((mail) => mail.envelopeTo[0])).not.toContain(members[0]!.googleEmail);
  });

  it("When a member has blocked the bot, then their Telegram message is failed with Telegram's reason", async () => {
    await app.deps.prisma.user.update({
      where: { id: members[0]!.id },
      data: { telegramId: '55501', notificationPrefs: ['telegram'] },
    });
    await app.deps.prisma.user.update({
      where: { id: members[1]!.id },
      data: { telegramId: '55502', notificationPrefs: ['telegram'] },
    });
    botApi.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, '55501');
    await announce();
    await app.worker().drain();
    const telegramRows = (await app.outboxRows()).filter((row) => row.channel === 'telegram');
    expect(telegramRows.map((row) => [row.recipient, row.status, row.lastError])).toEqual([
      ['55501', 'failed', 'Telegram error 403: Forbidden: bot was blocked by the user'],
      ['55502', 'sent', null],
    ]);
  });
});
