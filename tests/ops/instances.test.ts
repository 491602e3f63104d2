// Several instances of the built server on one PostgreSQL, as behind a load balancer: one backup a night across
// all of them, version ETags any instance honours, a SIGTERM that drains before the listener closes, each
// instance's own Prometheus metrics, and one Telegram pace for all of them (announcements, replies, groups).
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
import { GROUP_PER_MINUTE } from '../../api/src/modules/notifications/telegram-sender';
import { createSystem, type System } from '../../api/src/system/create-system';
import { rsvpData } from '../../bot/src/callback-data';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { eventBody } from '../support/events';
import {
  busiestSecond,
  callbackUpdate,
  commandUpdate,
  COUNTED_BY_TELEGRAM,
  FAKE_BOT_INFO,
  startFakeBotApi,
  type FakeBotApi,
} from '../support/fake-bot-api';
import { parsePrometheus } from '../support/prometheus';
import { TEST_BOT_TOKEN, TEST_SECRETS_KEY } from '../support/test-app';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const URL_LINE = /running at (https?:\/\/[^\s]+)/;
const WEBHOOK_SECRET = 'instances-webhook-secret';
/** Members told of an event at once: at the bulk share of Telegram's pace, several seconds of sending. */
const BURST_MEMBERS = 140;
/** Taps on the announcement's button while it goes out, one every TAP_EVERY_MS. */
const TAPS = 8;
const TAP_EVERY_MS = 450;

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
        // With PUBLIC_URL the line names the public address: the instance is reached on the port it was given.
        const url = settings.PUBLIC_URL ? `http://127.0.0.1:${settings.PORT}` : match?.[1];
        if (match && url) resolve({ child, url: new URL(url), logs, exited });
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

  /** Every due job expanded and every message sent. */
  const settled = async () =>
    (await system.deps.prisma.notificationJob.count({
      where: { status: 'pending', nextAttemptAt: { lte: new Date() } },
    })) + (await system.deps.prisma.outboxMessage.count({ where: { status: 'pending' } }));

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

  describe('three instances with metrics, the delivery worker and the bot on its webhook', () => {
    let botApi: FakeBotApi;
    let instances: Instance[];
    let turn = 0;
    /** Telegram posts each update to whichever instance the balancer picks: the next one. */
    const deliver = (update: object) =>
      fetch(new URL('/telegram/webhook', instances[turn++ % instances.length]!.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
        body: JSON.stringify(update),
      });
    const createEvent = (instance: Instance, name: string) =>
      fetch(new URL('/api/events', instance.url), {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        body: JSON.stringify(eventBody({ name })),
      });

    beforeAll(async () => {
      // It refuses what Telegram would: a 31st message in a second, a group's 21st in a minute.
      botApi = await startFakeBotApi({ sendLimitPerSecond: 30, groupPerMinute: GROUP_PER_MINUTE });
      // With PUBLIC_URL the bot is on its webhook (as production runs several instances), and the server names
      // only that address: each instance is given its port.
      const ports = await Promise.all([1, 2, 3].map(freePort));
      instances = await Promise.all(
        ports.map((port) =>
          startInstance({
            PORT: String(port),
            PUBLIC_URL: 'https://events.example.org',
            DATABASE_POOL_SIZE: '10',
            METRICS_PORT: '0',
            NOTIFICATIONS_WORKER_ENABLED: 'true',
            TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
            TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
            TELEGRAM_BOT_ENABLED: 'true',
            TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
            TELEGRAM_API_ROOT: botApi.apiRoot,
          }),
        ),
      );
    }, 120_000);

    afterAll(async () => {
      // SIGKILL: a group's answers beyond its 20 a minute are still waiting in webhook requests.
      for (const instance of instances ?? []) instance.child.kill('SIGKILL');
      await Promise.all((instances ?? []).map((instance) => instance.exited));
      await botApi?.stop();
    });

    it("When they deliver an announcement, then each one's /metrics parses and their counts add up", async () => {
      const members = 6;
      for (let index = 0; index < members; index += 1) {
        await system.deps.prisma.user.create({
          data: { name: `Scraped ${index}`, telegramId: String(6_200_000 + index), notificationPrefs: ['telegram'] },
        });
      }
      const scrape = async (instance: Instance) => {
        const answer = await fetch(new URL('/metrics', metricsUrlOf(instance)));
        expect(answer.status).toBe(200);
        return parsePrometheus(await answer.text());
      };
      const sentBy = async (instance: Instance) =>
        (await scrape(instance)).value('notifications_sent_total', { channel: 'telegram', outcome: 'sent' }) ?? 0;
      const sentByAll = async () => (await Promise.all(instances.map(sentBy))).reduce((sum, sent) => sum + sent, 0);
      const sends = () => botApi.callsOf('sendMessage').length;
      // An earlier test's event, queued while no instance ran a worker, goes out first.
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
      await expect.poll(sentByAll, { timeout: 5_000 }).toBe(sends());
      const before = sends();
      // The app's port does not serve them.
      expect((await fetch(new URL('/metrics', instances[0]!.url))).status).toBe(404);
      const created = (await scrape(instances[0]!)).value('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/events',
        status: '201',
      });

      expect((await createEvent(instances[0]!, 'Scraped by three')).status).toBe(201);
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
      ).toBe((created ?? 0) + 1);
      expect(first.value('outbox_pending_messages', { channel: 'telegram' })).toBe(0);
    }, 120_000);

    it('When members tap buttons and send commands during an announcement, then Telegram never gets more than 30 calls in a second, each tap is answered while it goes out, and a group gets its 20 a minute', async () => {
      const members = Array.from({ length: BURST_MEMBERS }, (_, index) => ({
        id: 6_300_000 + index,
        first_name: `Burst ${index}`,
      }));
      await system.deps.prisma.user.createMany({
        data: members.map((tg) => ({
          name: tg.first_name,
          telegramId: String(tg.id),
          notificationPrefs: ['telegram'],
        })),
      });
      // Each instance has answered a member before: a first update meets a cold process.
      for (const member of members.slice(-3))
        expect((await deliver(commandUpdate(member, '/events'))).status).toBe(200);
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
      const from = botApi.calls.length;

      const created = await createEvent(instances[0]!, 'Told by three');
      expect(created.status).toBe(201);
      const eventId = ((await created.json()) as { id: number }).id;
      // The announcement carries the event's RSVP buttons (a reply to /events lists it too, among others).
      const announced = () =>
        botApi
          .callsOf('sendMessage')
          .filter((call) => JSON.stringify(call.params.reply_markup ?? '').includes(`rsvp:${eventId}:`));

      // While it goes out, members who have it tap its button, and others ask for /events.
      const taps: Array<{ id: string; at: number; handled: Promise<Response> }> = [];
      const commands: Array<Promise<Response>> = [];
      for (let index = 0; index < TAPS; index += 1) {
        await expect.poll(() => announced().length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(index);
        await new Promise((resolve) => setTimeout(resolve, TAP_EVERY_MS));
        const message = announced()[index]!;
        const tapper = { id: Number(message.params.chat_id), first_name: 'Tapper' };
        const update = callbackUpdate(tapper, rsvpData(eventId, index % 2 ? 'not_attending' : 'attending'), {
          message_id: message.result.message_id as number,
          text: message.params.text as string,
        });
        taps.push({ id: update.callback_query.id, at: Date.now(), handled: deliver(update) });
        if (index % 3 === 1) commands.push(deliver(commandUpdate(members[BURST_MEMBERS - 4 - index]!, '/events')));
      }
      const handled = await Promise.all([...taps.map((tap) => tap.handled), ...commands]);
      expect(handled.map((answer) => answer.status)).toEqual(handled.map(() => 200));

      // Then, with the announcement still going out, a group asks on all three instances at once: more replies
      // than the announcement leaves room for in a second, and more than the group's 20 a minute.
      const group = { id: -1_001_234_567, type: 'supergroup' as const, title: 'Troop chat' };
      const toGroup = () => botApi.callsOf('sendMessage').filter((call) => Number(call.params.chat_id) === group.id);
      for (const member of members.slice(0, GROUP_PER_MINUTE + 4)) {
        // The last four wait for the group's next minute, beyond this test: their webhook requests never finish.
        deliver(commandUpdate(member, '/events', group)).catch(() => null);
      }
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
      expect(announced().length).toBeGreaterThanOrEqual(BURST_MEMBERS);
      expect(new Set(announced().map((call) => String(call.params.chat_id))).size).toBe(announced().length);
      const sent = announced().map((call) => call.at);
      const [firstAnnounced, lastAnnounced] = [Math.min(...sent), Math.max(...sent)];

      // Each tap was answered while the announcement was still going out, not queued behind it: before its last
      // message, and in less than half its length (several seconds; on a 2-core machine busy with other work, a
      // tap takes seconds to handle and the announcement stretches alike).
      const waits = taps.map((tap) => {
        const answer = botApi
          .callsOf('answerCallbackQuery')
          .find((call) => String(call.params.callback_query_id) === tap.id);
        expect(answer, `tap ${tap.id} was answered`).toBeDefined();
        expect(answer!.at).toBeLessThan(lastAnnounced);
        return answer!.at - tap.at;
      });
      expect(Math.max(...waits), `waits for the answers: ${waits.join(', ')} ms`).toBeLessThan(
        (lastAnnounced - firstAnnounced) / 2,
      );

      // The group got its 20, from whichever instances, and the rest wait for its minute.
      await expect.poll(() => toGroup().length, { timeout: 20_000, interval: 50 }).toBe(GROUP_PER_MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(toGroup()).toHaveLength(GROUP_PER_MINUTE);

      expect(botApi.throttled).toEqual([]);
      const counted = botApi.calls.slice(from).filter((call) => COUNTED_BY_TELEGRAM.test(call.method));
      expect(counted.length).toBeGreaterThan(BURST_MEMBERS + TAPS + GROUP_PER_MINUTE);
      expect(busiestSecond(counted)).toBeLessThanOrEqual(30);
    }, 120_000);
  });

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

/** A port free right now (with PUBLIC_URL the server names only its public address). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

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
