// A server process killed with SIGKILL while it creates a public event for 600 members: after a restart the
// event and its notifications are both there or both absent, and every member of an event that exists is
// told exactly once. (Sending from the request itself would fail this: the event survives and nobody is told.)
// PostgreSQL only: the killed server and the restarted one share the database (skipped without it).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem, type System } from '../../api/src/system/create-system';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { TestClient } from '../support/http-client';
import { localSmtpSettings, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { TEST_SECRETS_KEY } from '../support/test-app';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MEMBERS = 600;
/**
 * How long after sending the request each attempt kills the server: before, during and after the commit;
 * null kills it right after the answer (the event surely exists; sending from the request, nobody would be told).
 */
const KILL_AFTER_MS = [0, 5, 15, 40, 150, null];
const URL_LINE = /running at (http:\/\/[^\s]+)/;

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

describe.skipIf(!TEST_DATABASE_URL)('a server killed in the middle of creating an event, on postgres', () => {
  let database: TestDatabase;
  /** The same composition root, not started: seeds the database and reads it afterwards. */
  let system: System;
  let smtp: TestSmtpServer;
  let adminToken: string;
  const running = new Set<ChildProcess>();

  /** The real server as production runs it (dist/server/main.js, built by the global setup) on the test's database. */
  function startServer(worker: boolean): Promise<Server> {
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: ROOT,
      env: productEnv({
        DATABASE_URL: url,
        DEMO_MODE: 'off',
        SECRETS_KEY: TEST_SECRETS_KEY,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_POOL_SIZE: '3',
        NOTIFICATIONS_WORKER_ENABLED: worker ? 'true' : 'false',
        TELEGRAM_BOT_ENABLED: 'false',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => running.delete(child));
    let output = '';
    return new Promise((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = URL_LINE.exec(output);
        if (match?.[1]) resolve({ child, url: match[1], exited });
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      void exited.then(() => reject(new Error(`server exited before serving:\n${output}`)));
    });
  }

  const adminClient = (server: Server) => {
    const client = new TestClient(server.url);
    client.cookies.set(SESSION_COOKIE, adminToken);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = await startSmtpServer();
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    system = await createSystem(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '2',
        SECRETS_KEY: TEST_SECRETS_KEY,
        DEMO_MODE: 'off',
        NOTIFICATIONS_WORKER_ENABLED: 'false',
      }),
    );
    const { prisma } = system.deps;
    const admin = await prisma.user.create({
      data: { name: 'Kill Admin', isAdmin: true, googleEmail: 'kill-admin@example.org' },
    });
    await prisma.user.createMany({
      data: Array.from({ length: MEMBERS }, (_, index) => ({
        name: `Member ${index}`,
        googleEmail: `member${index}@example.org`,
        notificationPrefs: ['email'],
      })),
    });
    adminToken = await createSession(system.deps, admin.id);
  }, 120_000);

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await system?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it('When the server is killed at any moment of a create, then after a restart the event and its notifications exist together or not at all, and each member is told once', async () => {
    for (const [attempt, delay] of KILL_AFTER_MS.entries()) {
      const server = await startServer(false);
      const sent = adminClient(server)
        .post('/api/events', {
          name: `Killed Create ${attempt}`,
          description: 'Created while the server dies.',
          date: '2031-05-01T18:00:00.000Z',
          location: 'Hall',
          imageUrl: '/images/events/campfire.svg',
          isPublic: true,
        })
        .catch(() => null);
      if (delay === null) expect((await sent)?.status).toBe(201);
      else await new Promise((resolve) => setTimeout(resolve, delay));
      server.child.kill('SIGKILL');
      await Promise.all([server.exited, sent]);
    }

    // Email is set up first (the worker fails a message at once when no SMTP is configured), then a restart with
    // the worker on finishes whatever was committed.
    const setup = await startServer(false);
    const saved = await adminClient(setup).post('/api/smtp-settings', localSmtpSettings(smtp.port));
    expect(saved.status).toBe(200);
    setup.child.kill('SIGKILL');
    await setup.exited;
    const server = await startServer(true);

    const { prisma } = system.deps;
    const events = await prisma.event.findMany({ where: { name: { startsWith: 'Killed Create' } } });
    const jobs = await prisma.notificationJob.findMany({ where: { kind: 'event_created' } });
    expect(events.length).toBeGreaterThanOrEqual(1);
    // Together or not at all: every event has its one job, and no job is without its event.
    expect(jobs.map((job) => job.eventId).sort()).toEqual(events.map((event) => event.id).sort());

    await expect.poll(() => smtp.messages.length, { timeout: 120_000, interval: 500 }).toBe(events.length * MEMBERS);
    for (const event of events) {
      const told = smtp.messages.filter((mail) => mail.subject === `New event: ${event.name}`);
      expect(new Set(told.map((mail) => mail.envelopeTo[0])).size).toBe(MEMBERS);
      expect(told).toHaveLength(MEMBERS);
    }
    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);
});
