// Crash safety with real processes: a worker process (worker-process.ts: the real outbox worker and email
// channel on PostgreSQL) is killed with SIGKILL in the middle of a fan-out and in the middle of delivery; a
// fresh one then finishes, and every member has exactly one email at the local SMTP server. PGlite is one
// process by design, so this needs TEST_DATABASE_URL (and is reported as skipped without it).
import type { User } from '@prisma/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/env';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';
import type { WorkerProcessOptions } from './worker-process';

const MEMBERS = 150;
/** Short leases, so that the dead worker's claimed rows come free within the test. */
const LEASE = { leaseMs: 2_000, heartbeatMs: 500 };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (a crash test waits for states, never for a fixed time). */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await wait(10);
  }
}

describe.runIf(TEST_DATABASE_URL)('a worker process killed with SIGKILL on postgres', { timeout: 90_000 }, () => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let admin: { user: User; client: TestClient };
  let members: User[];
  const children = new Set<ChildProcess>();

  /** Starts a worker process on the test's database; resolves once it runs. */
  async function startWorkerProcess(options: Omit<WorkerProcessOptions, 'databaseUrl'>): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/notifications/worker-process.ts',
        JSON.stringify({ databaseUrl: (app.config.database as { url: string }).url, ...options }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.add(child);
    child.on('exit', () => children.delete(child));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
    });
    return child;
  }

  async function kill(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp('postgres');
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await app?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    smtp.holdReplies(false);
    smtp.messages.length = 0;
    await app.reset();
    admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    const stamp = Date.now();
    await app.deps.prisma.user.createMany({
      data: Array.from({ length: MEMBERS }, (_, index) => ({
        name: `Member ${index}`,
        googleEmail: `crash${index}-${stamp}@example.org`,
        notificationPrefs: ['email'],
      })),
    });
    members = await app.deps.prisma.user.findMany({ where: { isAdmin: false } });
  });
  afterEach(async () => {
    for (const child of children) await kill(child);
  });

  async function announce(): Promise<void> {
    const res = await admin.client.post('/api/events', {
      name: 'Night Run',
      description: 'Five kilometres by torchlight.',
      date: '2031-11-01T18:00:00.000Z',
      location: 'Park Gate',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
    });
    expect(res.status).toBe(201);
  }
  const job = () => app.deps.prisma.notificationJob.findFirstOrThrow({ where: { kind: 'event_created' } });
  const sentRows = () => app.deps.prisma.outboxMessage.count({ where: { status: 'sent' } });

  /** Every member exactly once at the SMTP server; every row sent, once per key; the job done. */
  async function expectEachMemberExactlyOnce(): Promise<void> {
    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages) {
      for (const to of mail.envelopeTo) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    expect([...perRecipient.keys()].sort()).toEqual(members.map((member) => member.googleEmail!.toLowerCase()).sort());
    expect([...perRecipient.values()].filter((count) => count !== 1)).toEqual([]);
    const rows = await app.outboxRows();
    expect(rows).toHaveLength(MEMBERS);
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(MEMBERS);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(await job()).toMatchObject({ status: 'done' });
  }

  it('When the worker is killed in the middle of a fan-out, then a fresh one finishes it and each member gets one email', async () => {
    await announce();
    // Nothing gets accepted by the SMTP server meanwhile: this is about the expansion.
    smtp.holdReplies(true);
    const first = await startWorkerProcess({ worker: { fanOutBatchSize: 10, ...LEASE }, slowFanOutMs: 50 });
    await until('the job is part expanded', async () => {
      const current = await job();
      return current.cursor > 0 && current.status === 'pending';
    });
    await kill(first);
    const atCrash = await job();
    expect(atCrash.status).toBe('pending');
    // The cursor and the rows moved together: exactly the members up to the cursor have their rows.
    expect(await app.deps.prisma.outboxMessage.count()).toBe(members.filter((m) => m.id <= atCrash.cursor).length);
    expect(atCrash.cursor).toBeLessThan(Math.max(...members.map((m) => m.id)));

    await until('the dead connections are closed', () => smtp.heldCount() === 0);
    smtp.holdReplies(false);
    await startWorkerProcess({ worker: { fanOutBatchSize: 10, ...LEASE } });
    await until('every row is sent', async () => (await sentRows()) === MEMBERS && (await job()).status === 'done');
    await expectEachMemberExactlyOnce();
  });

  it('When the worker is killed in the middle of delivery, then a fresh one sends the rest and no member gets two', async () => {
    await announce();
    const options = { worker: { batchSize: 20, concurrency: 4, ...LEASE } };
    const first = await startWorkerProcess(options);
    await smtp.waitFor(40);
    // Freeze the SMTP server's answers, and kill once every accepted message is recorded as sent and others
    // are in flight: those die unaccepted with the process, as a message does whose 250 never came back.
    smtp.holdReplies(true);
    await until('the accepted messages are recorded and others wait', async () => {
      return smtp.heldCount() > 0 && (await sentRows()) === smtp.messages.length;
    });
    const claimedAtCrash = await app.deps.prisma.outboxMessage.findMany({
      where: { status: 'pending', lockedUntil: { not: null } },
    });
    await kill(first);
    // The server sees the dead worker's connections drop: what they carried was never accepted.
    await until('the dead connections are closed', () => smtp.heldCount() === 0);
    smtp.holdReplies(false);
    expect(smtp.messages.length).toBeLessThan(MEMBERS);
    // Short leases: the dead worker's rows are free again within seconds, not minutes.
    expect(claimedAtCrash.length).toBeGreaterThan(0);
    for (const row of claimedAtCrash) {
      expect(row.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(LEASE.leaseMs);
    }

    await startWorkerProcess(options);
    await until('every row is sent', async () => (await sentRows()) === MEMBERS);
    await expectEachMemberExactlyOnce();
  });
});
