// The fan-out: a request writes one job whatever the number of members; the worker expands it into outbox
// rows in bounded batches (keyset by user id, the cursor moving with each batch), idempotently, with the
// texts rendered once per job; and a batch being sent keeps its lease alive while it takes its time.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';

const eventBody = {
  name: 'Open Day',
  description: 'Everyone is welcome.',
  date: '2031-09-01T12:00:00.000Z',
  location: 'Main Hall',
  imageUrl: '/images/events/concert.svg',
  isPublic: true,
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('the fan-out on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let admin: { user: User; client: TestClient };
  let members: User[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    await app.reset({ templates: true });
    smtp.messages.length = 0;
    app.setNow(new Date());
    admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    const stamp = Date.now();
    await app.deps.prisma.user.createMany({
      data: Array.from({ length: 23 }, (_, index) => ({
        name: `Member ${index}`,
        googleEmail: `fan${index}-${stamp}@example.org`,
        notificationPrefs: ['email'],
      })),
    });
    members = await app.deps.prisma.user.findMany({ where: { isAdmin: false }, orderBy: { id: 'asc' } });
  });

  async function announce(): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody);
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const job = async () =>
    (await app.deps.prisma.notificationJob.findFirstOrThrow({ where: { kind: 'event_created' } }))!;
  const rowCount = () => app.deps.prisma.outboxMessage.count();

  it('When an event is created for many members, then the request writes one job and no outbox row', async () => {
    await announce();
    expect(await app.deps.prisma.notificationJob.count()).toBe(1);
    expect(await rowCount()).toBe(0);
    expect(await job()).toMatchObject({ status: 'pending', cursor: 0 });
  });

  it('When the worker expands a job, then it goes in bounded batches and the cursor moves with each one', async () => {
    await announce();
    const seen: Array<{ cursor: number; rows: number; status: string }> = [];
    for (;;) {
      const batch = await app.outbox.expandNext(app.deps.now(), 5);
      if (!batch) break;
      expect(batch.recipients).toBeLessThanOrEqual(5);
      const current = await job();
      seen.push({ cursor: current.cursor, rows: await rowCount(), status: current.status });
    }
    // 23 members in batches of 5: the cursor is the last member of each batch, and the rows keep pace.
    expect(seen).toEqual([
      { cursor: members[4]!.id, rows: 5, status: 'pending' },
      { cursor: members[9]!.id, rows: 10, status: 'pending' },
      { cursor: members[14]!.id, rows: 15, status: 'pending' },
      { cursor: members[19]!.id, rows: 20, status: 'pending' },
      { cursor: members[22]!.id, rows: 23, status: 'done' },
    ]);
    expect((await job()).finishedAt).not.toBeNull();
  });

  it('When a job is expanded again from the start, then no outbox row is made twice', async () => {
    await announce();
    while (await app.outbox.expandNext(app.deps.now(), 7));
    const first = await app.outboxRows();
    // As if a worker had died after inserting a batch but before its cursor moved (impossible: one
    // transaction), or the job were replayed: the idempotency keys make it harmless.
    await app.deps.prisma.notificationJob.updateMany({ data: { status: 'pending', cursor: 0, finishedAt: null } });
    while (await app.outbox.expandNext(app.deps.now(), 7));
    expect(await app.outboxRows()).toEqual(first);
    expect(new Set(first.map((row) => row.idempotencyKey)).size).toBe(23);
    expect((await app.worker().drain()).sent).toBe(23);
    expect(smtp.messages).toHaveLength(23);
  });

  it('When the template changes in the middle of an expansion, then every member still gets the same text', async () => {
    await announce();
    await app.outbox.expandNext(app.deps.now(), 5);
    const saved = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'email',
      template: 'Changed mid-way: {{eventName}}',
    });
    expect(saved.status).toBe(201);
    while (await app.outbox.expandNext(app.deps.now(), 5));
    const bodies = new Set((await app.outboxRows()).map((row) => row.body));
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('A new event has been announced: Open Day');
  });

  it('When a fan-out batch fails, then nothing of it remains and the job is tried again later', async () => {
    await announce();
    await app.outbox.expandNext(app.deps.now(), 5);
    await app.deps.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox full (test)'; END $$`);
    await app.deps.prisma.$executeRawUnsafe(
      'CREATE TRIGGER refuse BEFORE INSERT ON outbox_messages FOR EACH ROW EXECUTE FUNCTION refuse_rows()',
    );
    try {
      await expect(app.outbox.expandNext(app.deps.now(), 5)).rejects.toThrow(/outbox full/);
    } finally {
      await app.deps.prisma.$executeRawUnsafe('DROP TRIGGER refuse ON outbox_messages');
    }
    const deferred = await job();
    expect(deferred).toMatchObject({ status: 'pending', cursor: members[4]!.id, attempts: 1 });
    expect(deferred.lastError).toMatch(/outbox full/);
    expect(await rowCount()).toBe(5);
    // Not due before its retry time; then it carries on from its cursor.
    expect(await app.outbox.expandNext(app.deps.now(), 5)).toBeNull();
    app.setNow(new Date(deferred.nextAttemptAt.getTime()));
    while (await app.outbox.expandNext(app.deps.now(), 5));
    expect(await job()).toMatchObject({ status: 'done' });
    expect(await rowCount()).toBe(23);
  });

  it('When a batch takes longer than its lease to send, then its heartbeat keeps another worker off it', async () => {
    await announce();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const slow = app.worker(
      { concurrency: 1, batchSize: 50, leaseMs: 60_000, heartbeatMs: 25 },
      {
        email: (send) => async (message) => {
          if (held++ === 0) await gate;
          await send(message);
        },
      },
    );
    const first = slow.drain();
    while (held === 0) await wait(10);

    // A minute passes while the first message hangs: the lease would have run out, but the heartbeat renews it.
    app.setNow(new Date(app.deps.now().getTime() + 61_000));
    const renewed = () =>
      app.deps.prisma.outboxMessage.count({ where: { lockedUntil: { gt: app.deps.now() }, status: 'pending' } });
    await expect.poll(renewed).toBeGreaterThan(0);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    release();
    expect((await first).sent).toBe(23);
    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages)
      perRecipient.set(mail.envelopeTo[0]!, (perRecipient.get(mail.envelopeTo[0]!) ?? 0) + 1);
    expect([...perRecipient.values()]).toEqual(Array(23).fill(1));
  });

  it('When a worker is stopped, then the rows it claimed are claimable again at once', async () => {
    await announce();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = app.worker(
      { concurrency: 1, batchSize: 50, pollIntervalMs: 20 },
      {
        email: (send) => async (message) => {
          await gate;
          await send(message);
        },
      },
    );
    worker.start();
    while ((await app.deps.prisma.outboxMessage.count({ where: { lockedUntil: { not: null } } })) === 0) await wait(20);
    const stopped = worker.stop();
    release();
    await stopped;
    const pending = await app.deps.prisma.outboxMessage.findMany({ where: { status: 'pending' } });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.lockedUntil === null && row.claimedBy === null && row.attempts === 0)).toBe(true);
    expect((await app.worker().drain()).sent).toBe(pending.length);
    expect(smtp.messages).toHaveLength(23);
  });
  it('When some members are pending or suspended, then the fan-out tells only the active ones', async () => {
    const [pending, suspended] = members;
    await app.deps.prisma.user.update({ where: { id: pending!.id }, data: { status: 'pending' } });
    await app.deps.prisma.user.update({ where: { id: suspended!.id }, data: { status: 'suspended' } });
    await announce();
    while (await app.outbox.expandNext(app.deps.now(), 50));
    const told = await app.deps.prisma.outboxMessage.findMany({ select: { userId: true } });
    expect(told).toHaveLength(members.length - 2);
    expect(told.map((row) => row.userId)).not.toContain(pending!.id);
    expect(told.map((row) => row.userId)).not.toContain(suspended!.id);
  });
});
