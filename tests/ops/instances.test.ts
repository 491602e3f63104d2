// Several instances of the built server on one PostgreSQL, as behind a load balancer: one backup a night across
// all of them, version ETags any instance honours, a SIGTERM that drains before the listener closes, and each
// instance's own Prometheus metrics.
// PostgreSQL only: the instances share the database (skipped without it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { backupsDbOfPrisma } from '../../api/src/modules/backups/backups-repository';
import { createBackupsService } from '../../api/src/modules/backups/backups-service';
import { createSystem, type System } from '../../api/src/system/create-system';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { eventBody } from '../support/events';
import { FAKE_BOT_INFO, startFakeBotApi } from '../support/fake-bot-api';
import { parsePrometheus } from '../support/prometheus';
import { TEST_BOT_TOKEN, TEST_SECRETS_KEY } from '../support/test-app';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const URL_LINE = /running at (http:\/\/[^\s]+)/;

interface Instance {
  child: ChildProcess;
  url: URL;
  /** The pino lines it logged so far, parsed. */
  logs: () => Array<{ msg?: string; [key: string]: unknown }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe.skipIf(!TEST_DATABASE_URL)('Three instances of the built server on one PostgreSQL', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  /** The same composition root, not started: seeds the database and reads it. */
  let system: System;
  let backupDir: string;
  let adminCookie: string;
  const running = new Set<ChildProcess>();

  function startInstance(settings: Record<string, string>): Promise<Instance> {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: ROOT,
      env: productEnv({
        DATABASE_URL: databaseUrl,
        DEMO_MODE: 'off',
        SECRETS_KEY: TEST_SECRETS_KEY,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_POOL_SIZE: '3',
        NOTIFICATIONS_WORKER_ENABLED: 'false',
        TELEGRAM_BOT_ENABLED: 'false',
        BACKUP_DIR: backupDir,
        BACKUP_ENABLED: 'false',
        LOG_LEVEL: 'info',
        ...settings,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve({ code, signal });
      }),
    );
    let output = '';
    const logs = () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string });
    return new Promise((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = URL_LINE.exec(output);
        if (match?.[1]) resolve({ child, url: new URL(match[1]), logs, exited });
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      void exited.then(() => reject(new Error(`server exited before serving:\n${output}`)));
    });
  }

  /** The instance's metrics listener (METRICS_PORT=0: a free port), as its start-up line names it. */
  function metricsUrlOf(instance: Instance): string {
    const started = instance.logs().find((line) => line.msg === 'server started');
    if (typeof started?.metrics !== 'string') throw new Error('the instance named no metrics listener');
    return started.metrics;
  }

  async function stopInstance(instance: Instance) {
    instance.child.kill('SIGTERM');
    return instance.exited;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    databaseUrl = database.target.kind === 'postgres' ? database.target.url : '';
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'instances-')), 'backups');
    system = await createSystem(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '4',
        SECRETS_KEY: TEST_SECRETS_KEY,
        DEMO_MODE: 'off',
        NOTIFICATIONS_WORKER_ENABLED: 'false',
        BACKUP_ENABLED: 'false',
        BACKUP_DIR: backupDir,
      }),
    );
    const admin = await system.deps.prisma.user.create({
      data: { name: 'Instances Admin', isAdmin: true, googleEmail: 'instances-admin@example.org' },
    });
    adminCookie = `${SESSION_COOKIE}=${await createSession(system.deps, admin.id)}`;
  }, 120_000);

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await system?.stop();
    await database?.drop();
    if (backupDir) await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('When three instances start together with no backup of the last day, then exactly one catch-up backup is taken and recorded', async () => {
    const instances = await Promise.all(
      [1, 2, 3].map(() => startInstance({ BACKUP_ENABLED: 'true', BACKUP_CATCH_UP_DELAY_SECONDS: '2' })),
    );
    // Each instance's catch-up comes to an end: one writes the backup, the others find it taken or being taken.
    const outcomes = () =>
      instances.flatMap((instance) =>
        instance.logs().filter((line) => line.msg === 'backup written' || line.msg === 'scheduled backup skipped'),
      );
    await expect.poll(() => outcomes().length, { timeout: 60_000, interval: 200 }).toBe(3);
    expect(outcomes().filter((line) => line.msg === 'backup written')).toHaveLength(1);

    const records = await system.deps.prisma.backup.findMany();
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(await readdir(backupDir)).toEqual([record!.name]);
    expect(record!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(record!.size)).toBeGreaterThan(0);

    // Admin → Backups on every instance lists it from the record.
    for (const instance of instances) {
      const answer = await fetch(new URL('/api/admin/backups', instance.url), { headers: { cookie: adminCookie } });
      expect(answer.status).toBe(200);
      const view = (await answer.json()) as { backups: Array<{ name: string; instance: string }> };
      expect(view.backups.map((backup) => [backup.name, backup.instance])).toEqual([[record!.name, record!.instance]]);
    }
    await Promise.all(instances.map(stopInstance));
  }, 120_000);

  it('When the nightly run fires on several instances at the same moment, then one of them takes the backup', async () => {
    const services = ['a', 'b', 'c'].map((name) =>
      createBackupsService(
        { kind: 'postgres', url: databaseUrl },
        { ...system.config.backups, dir: backupDir },
        {
          now: () => new Date(),
          logger: system.deps.logger,
          db: backupsDbOfPrisma(system.deps.prisma),
          defaultTimeZone: 'UTC',
          instance: `night-${name}`,
        },
      ),
    );
    const due = new Date();
    const results = await Promise.all(services.map((service) => service.backUpIfDue(due)));
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    // BACKUP_KEEP counts nights: the first test's backup of this same night gave way to the new one.
    expect(await system.deps.prisma.backup.count()).toBe(1);
    // And once it is taken, a late instance finds it done.
    expect(await services[0]!.backUpIfDue(due)).toBeNull();
  }, 120_000);

  it('When a client revalidates its copy with another instance, then it gets 304, and both instances answer the same', async () => {
    const created = await fetch(new URL('/api/events', (await startInstance({})).url), {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify(eventBody({ name: 'Behind the balancer' })),
    });
    expect(created.status).toBe(201);
    const [first, second] = await Promise.all([startInstance({}), startInstance({})]);
    const fromFirst = await fetch(new URL('/api/events', first!.url), { headers: { cookie: adminCookie } });
    expect(fromFirst.status).toBe(200);
    const tag = fromFirst.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    const fromSecond = await fetch(new URL('/api/events', second!.url), { headers: { cookie: adminCookie } });
    expect(fromSecond.headers.get('etag')).toBe(tag);
    expect(await fromSecond.text()).toBe(await fromFirst.text());
    const revalidated = await fetch(new URL('/api/events', second!.url), {
      headers: { cookie: adminCookie, 'if-none-match': tag! },
    });
    expect(revalidated.status).toBe(304);
    for (const child of [...running]) child.kill('SIGTERM');
  }, 120_000);

  it("When three instances with metrics deliver an announcement, then each one's /metrics parses and their counts add up", async () => {
    const botApi = await startFakeBotApi();
    try {
      const members = 6;
      for (let index = 0; index < members; index += 1) {
        await system.deps.prisma.user.create({
          data: { name: `Scraped ${index}`, telegramId: String(6_200_000 + index), notificationPrefs: ['telegram'] },
        });
      }
      const instances = await Promise.all(
        [1, 2, 3].map(() =>
          startInstance({
            METRICS_PORT: '0',
            NOTIFICATIONS_WORKER_ENABLED: 'true',
            TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
            TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
            TELEGRAM_API_ROOT: botApi.apiRoot,
          }),
        ),
      );
      const scrape = async (instance: Instance) => {
        const answer = await fetch(new URL('/metrics', metricsUrlOf(instance)));
        expect(answer.status).toBe(200);
        return parsePrometheus(await answer.text());
      };
      const sentBy = async (instance: Instance) =>
        (await scrape(instance)).value('notifications_sent_total', { channel: 'telegram', outcome: 'sent' }) ?? 0;
      const sentByAll = async () => (await Promise.all(instances.map(sentBy))).reduce((sum, sent) => sum + sent, 0);
      // Every due job expanded and every message sent.
      const settled = async () =>
        (await system.deps.prisma.notificationJob.count({
          where: { status: 'pending', nextAttemptAt: { lte: new Date() } },
        })) + (await system.deps.prisma.outboxMessage.count({ where: { status: 'pending' } }));
      const sends = () => botApi.callsOf('sendMessage').length;
      // An earlier test's event, queued while no instance ran a worker, goes out first.
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
      await expect.poll(sentByAll, { timeout: 5_000 }).toBe(sends());
      const before = sends();
      // The app's port does not serve them.
      expect((await fetch(new URL('/metrics', instances[0]!.url))).status).toBe(404);

      const created = await fetch(new URL('/api/events', instances[0]!.url), {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        body: JSON.stringify(eventBody({ name: 'Scraped by three' })),
      });
      expect(created.status).toBe(201);
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
      const announced = botApi
        .callsOf('sendMessage')
        .filter((call) => String(call.params.text).includes('Scraped by three'));
      expect(announced).toHaveLength(members);
      expect(sends() - before).toBe(members);
      // Whichever instances' workers sent them, the counts of the three add up to the messages sent.
      await expect.poll(sentByAll, { timeout: 5_000 }).toBe(before + members);
      const first = await scrape(instances[0]!);
      expect(
        first.value('http_request_duration_seconds_count', { method: 'POST', route: '/api/events', status: '201' }),
      ).toBe(1);
      expect(first.value('outbox_pending_messages', { channel: 'telegram' })).toBe(0);
      await Promise.all(instances.map(stopInstance));
    } finally {
      await botApi.stop();
    }
  }, 120_000);

  it('When an instance gets SIGTERM, then it answers not ready at once and still serves the request in flight and new ones before it closes', async () => {
    const instance = await startInstance({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const ready = await fetch(new URL('/api/health/ready', instance.url));
    expect(ready.status).toBe(200);
    const inFlight = startSlowRequest(instance.url);
    await inFlight.opened;

    instance.child.kill('SIGTERM');
    const readiness = () =>
      fetch(new URL('/api/health/ready', instance.url)).then(
        (answer) => ({ status: answer.status, retryAfter: answer.headers.get('retry-after') }),
        () => ({ status: 'refused', retryAfter: null }),
      );
    await expect.poll(readiness, { timeout: 10_000, interval: 20 }).toEqual({ status: 503, retryAfter: '5' });
    const live = await fetch(new URL('/api/health/live', instance.url));
    expect(live.status).toBe(200);

    const response = await inFlight.finish();
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('"status":"ok"');
    expect(await instance.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});

/** A request whose headers are sent but not finished, so the server holds it open until `finish()`. */
function startSlowRequest(url: URL) {
  const socket = net.connect(Number(url.port), url.hostname);
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(response));
    socket.once('error', reject);
  });
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /api/health/live HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n`);
  return {
    opened,
    finish: () => {
      socket.write('\r\n');
      return ended;
    },
  };
}
