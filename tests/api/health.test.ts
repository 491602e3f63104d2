import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/database';
import type { RunningServer } from '../../api/src/server';
import { createSystem, type System } from '../../api/src/system/create-system';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { TestClient } from '../support/http-client';
import { startTestApp, TEST_SECRETS_KEY, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('health and basics on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it('When the database answers, then GET /api/health is 200 ok', async () => {
    const res = await app.anonymous().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('When the process runs, then GET /api/health/live is 200, and ready is 200 with the database migrated', async () => {
    const live = await app.anonymous().get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await app.anonymous().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.body).toEqual({ status: 'ok', database: 'ok', migrations: 'done', draining: 'no' });
  });

  it('When a path under /api does not exist, then it answers 404 with an error body', async () => {
    const res = await app.anonymous().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Not found' });
  });

  it('When not signed in, then /api/users/me is 401 with the SPEC message', async () => {
    const res = await app.anonymous().get('/api/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
  });

  it('When signed in, then /api/users/me returns the user without secrets', async () => {
    const { client, user } = await app.signedIn({ name: 'Ada', phoneNumber: '+4912345' });
    const res = await client.get('/api/users/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: 'Ada', phoneNumber: '+4912345', isAdmin: false });
  });

  it('When any page is served, then security headers let only our site and Telegram embed it', async () => {
    const res = await app.anonymous().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('When the JSON body is malformed, then it answers 400, not 500', async () => {
    const { client } = await app.signedIn();
    const res = await client.post('/api/auth/logout', undefined, { rawBody: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
  });

  it('When an API request is served, then one log line names it without its query string', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logged = await startTestApp(kind, {
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
    try {
      const res = await logged.anonymous().get('/api/auth/confirm-email?token=very-secret-token');
      expect(res.status).toBe(303);
      const entry = lines.find((line) => line.msg === 'request');
      expect(entry).toMatchObject({ method: 'GET', path: '/api/auth/confirm-email', status: 303 });
      expect(JSON.stringify(lines)).not.toContain('very-secret-token');
    } finally {
      await logged.stop();
    }
  });

  it('When a cookie-authenticated write comes from another site, then it is refused', async () => {
    const { client } = await app.signedIn();
    const res = await client.post('/api/auth/logout', {}, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Cross-site request refused' });
    expect((await client.get('/api/users/me')).status).toBe(200);
  });
  it("When the database lacks this build's newest migration, then ready is 503 with Retry-After and live stays 200", async () => {
    const { prisma } = app.deps;
    const [newest] = await prisma.$queryRawUnsafe<Array<{ id: string }>>(
      `SELECT id FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    // Marked rolled back, as a database behind this build would be, and put back afterwards.
    await prisma.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = $1`, newest!.id);
    try {
      const ready = await app.anonymous().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(ready.body).toMatchObject({ status: 'error', database: 'ok', migrations: 'pending' });
      expect((await app.anonymous().get('/api/health/live')).status).toBe(200);
    } finally {
      await prisma.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE id = $1`, newest!.id);
    }
    expect((await app.anonymous().get('/api/health/ready')).status).toBe(200);
  });

  // Last in this block: the app drains until it stops.
  it('When the process drains before a stop, then ready is 503 with Retry-After while requests are still served', async () => {
    await app.system.drain(0);
    const ready = await app.anonymous().get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.body).toMatchObject({ status: 'error', draining: 'yes' });
    expect((await app.anonymous().get('/api/health/live')).status).toBe(200);
    expect((await app.anonymous().get('/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
  });
});

// PostgreSQL only (PGlite has no connections to cut); reported as skipped without TEST_DATABASE_URL.
describe.skipIf(!TEST_DATABASE_URL)('database connections cut on postgres', () => {
  const kind = 'postgres' as const;
  let database: TestDatabase;
  let system: System;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    system = await createSystem(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        SECRETS_KEY: TEST_SECRETS_KEY,
        NOTIFICATIONS_WORKER_ENABLED: 'false',
      }),
    );
    server = await system.start({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await system.stop();
    await database.drop();
  });

  it('When idle connections are cut after Prisma disconnected but before the pool ended, then the pool reports it instead of crashing', async () => {
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    const errors: Error[] = [];
    const db = await openDatabase({ kind: 'postgres', url }, 2, { onPoolError: (error) => errors.push(error) });
    await db.prisma.$queryRaw`SELECT 1`;
    // Prisma drops its own pool listener here; the pool's clients stay open until close().
    await db.prisma.$disconnect();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`,
    );
    await admin.end();
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors[0]!.message).toContain('terminating connection');
    await db.close();
  });

  it('When the server terminates the idle connections, then the app stays up and answers again', async () => {
    const client = new TestClient(server.url);
    expect((await client.get('/api/health')).status).toBe(200);
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ cut: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(rows[0]!.cut).toBeGreaterThan(0);
    // The pool notices the dead connections and opens new ones: health answers 200 again by itself.
    await expect.poll(async () => (await client.get('/api/health')).status).toBe(200);
    expect((await client.get('/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
  });
});
