// Backups as an operator and an admin meet them: the nightly run, the download in Admin settings, and
// `npm run backup` / `npm run restore` as real processes, on PGlite (a folder on disk) and on PostgreSQL.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupsView } from '../../shared/types';
import { loadConfig } from '../../api/src/config';
import { openAdapter, type DatabaseTarget } from '../../api/src/db/adapters';
import { openDatabase, type Prisma } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem, type System } from '../../api/src/system/create-system';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind, type TestDatabase } from '../support/databases';
import { eventBody } from '../support/events';
import { TestClient } from '../support/http-client';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, TEST_SECRETS_KEY, type TestApp } from '../support/test-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLIs as production runs them, built by the run's global setup from api/src/cli. */
const cli = (name: 'backup' | 'restore') => path.join(ROOT, `dist/server/${name}.js`);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli(name), ...args],
      { cwd: ROOT, env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PATH: '/usr/bin:/bin', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Every row of every table, in a stable order: what "the database as it was" means. */
async function everyRow(prisma: Prisma): Promise<Record<string, string>> {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    const found = await prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM public."${name}" ORDER BY 1`);
    rows[name] = JSON.stringify(found, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
  }
  return rows;
}

/** The real composition root on a database the restore CLI can open afterwards (PGlite: a folder on disk). */
async function startSystem(databaseEnv: Record<string, string>, backupDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DEMO_MODE: 'off',
    NOTIFICATIONS_WORKER_ENABLED: 'false',
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    BACKUP_ENABLED: 'false',
    BACKUP_DIR: backupDir,
    ...databaseEnv,
  });
  const system: System = await createSystem(config, { startBot: false });
  const server = await system.start({ host: '127.0.0.1', port: 0 });
  const clientFor = async (user: User) => {
    const client = new TestClient(server.url);
    client.cookies.set(SESSION_COOKIE, await createSession(system.deps, user.id));
    return client;
  };
  return { system, url: server.url, clientFor };
}

describe.each(DATABASE_KINDS)('Backup and restore on %s', (kind: DatabaseKind) => {
  let dir: string;
  let database: TestDatabase | undefined;
  let databaseEnv: Record<string, string>;
  let target: DatabaseTarget;
  let backupDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
    backupDir = path.join(dir, 'backups');
    if (kind === 'pglite') {
      databaseEnv = { PGLITE_DIR: path.join(dir, 'pglite') };
      target = { kind: 'pglite', dataDir: databaseEnv.PGLITE_DIR };
    } else {
      database = await createTestDatabase('postgres', { migrated: true });
      if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
      databaseEnv = { DATABASE_URL: database.target.url };
      target = database.target;
    }
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('When data changes and is deleted after a backup and the backup is restored, then every row is as it was at the backup', async () => {
    const running = await startSystem(databaseEnv, backupDir);
    const { prisma } = running.system.deps;
    const admin = await prisma.user.create({
      data: { name: 'Ada Admin', isAdmin: true, googleEmail: 'ada@example.org' },
    });
    const member = await prisma.user.create({ data: { name: 'Max Member', birthDate: new Date('1990-04-01') } });
    const adminClient = await running.clientFor(admin);
    const memberClient = await running.clientFor(member);
    const created = await adminClient.post('/api/events', eventBody({ name: 'Lake day' }));
    expect(created.status).toBe(201);
    const eventId = created.body.id as number;
    expect((await memberClient.post(`/api/events/${eventId}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await memberClient.post(`/api/events/${eventId}/comments`, { content: 'Bringing a kayak' })).status).toBe(
      201,
    );

    const atBackup = await everyRow(prisma);
    const result = await running.system.backupScheduler.runOnce();
    expect(result).not.toBeNull();

    // The app goes on writing after a backup of its live database (PGlite: on the connection it shares).
    expect((await adminClient.patch(`/api/events/${eventId}`, eventBody({ name: 'Renamed' }))).status).toBe(200);
    expect((await adminClient.delete(`/api/events/${eventId}`)).status).toBe(204);
    await prisma.user.delete({ where: { id: member.id } });
    await prisma.user.create({ data: { name: 'Newcomer' } });
    expect(await everyRow(prisma)).not.toEqual(atBackup);
    await running.system.stop();

    const file = result!.backup.path;
    const refused = await runCli('restore', [file], { ...databaseEnv, BACKUP_DIR: backupDir });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('Restore refused: The database is not empty');
    expect(refused.stderr).toContain('--force');

    const restored = await runCli('restore', [file, '--force'], { ...databaseEnv, BACKUP_DIR: backupDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file}`);
    expect(restored.stdout).toMatch(/The replaced data was backed up first: .*before-restore/);

    // The migrator finds nothing to do, and every row is back.
    const opened = await openAdapter(target, 1);
    expect((await migrate(opened)).applied).toEqual([]);
    await opened.close();
    const check = await openDatabase(target, 1);
    expect(await everyRow(check.prisma)).toEqual(atBackup);
    await check.close();

    // And the app starts on it and shows the event as it was.
    const again = await startSystem(databaseEnv, backupDir);
    const event = await (await again.clientFor(admin)).get(`/api/events/${eventId}`);
    expect(event.status).toBe(200);
    expect(event.body.name).toBe('Lake day');
    await again.system.stop();
  }, 240_000);
});

describe('The nightly backup run', () => {
  let app: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'backup-run-')), 'backups');
    app = await startTestApp('pglite', { env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2', BACKUP_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await app.stop();
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('When a run finds more backups than are kept, then it writes a new private file and deletes the oldest', async () => {
    await mkdir(backupDir, { recursive: true });
    const old = ['backup-2026-01-01T03-00-00.000Z.sql.gz', 'backup-2026-01-02T03-00-00.000Z.sql.gz'];
    for (const name of old) await writeFile(path.join(backupDir, name), 'an older backup');
    // Left by a backup that crashed an hour and more ago, and one being written right now.
    const crashed = path.join(backupDir, '.backup-2026-01-03T03-00-00.000Z.sql.gz.partial');
    const writing = path.join(backupDir, '.backup-2026-01-04T03-00-00.000Z.sql.gz.partial');
    await writeFile(crashed, 'half');
    await writeFile(writing, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(crashed, twoHoursAgo, twoHoursAgo);

    const result = await app.system.backupScheduler.runOnce();

    expect(result?.pruned).toEqual([old[0]]);
    const names = (await readdir(backupDir)).sort();
    expect(names).toEqual([path.basename(writing), old[1], result!.backup.name].sort());
    expect(result!.backup.name).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.sql\.gz$/);
    expect((await stat(result!.backup.path)).mode & 0o777).toBe(0o600);
    expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
    expect(result!.backup.size).toBe((await stat(result!.backup.path)).size);
    expect(result!.backup.sha256).toBe(
      createHash('sha256')
        .update(await readFile(result!.backup.path))
        .digest('hex'),
    );

    // BACKUP_KEEP counts nights: a second backup the same night replaces the first, the older night stays.
    const again = await app.system.backupScheduler.runOnce();
    expect(again?.pruned).toEqual([result!.backup.name]);
    expect((await readdir(backupDir)).sort()).toEqual([path.basename(writing), old[1], again!.backup.name].sort());
    const { client: admin } = await app.signedIn({ isAdmin: true });
    const listed = (await admin.get('/api/admin/backups')).body as BackupsView;
    expect(listed.backups.map((backup) => backup.name)).toEqual([again!.backup.name, old[1]]);
    expect(listed.backups[1]).toMatchObject({ createdAt: '2026-01-02T03:00:00.000Z', size: 'an older backup'.length });
  }, 60_000);
});

describe.each(DATABASE_KINDS)('Downloading the latest backup from Admin settings on %s', (kind) => {
  let app: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'backup-download-')), 'backups');
    app = await startTestApp(kind, { env: { ...TEST_BOT_ENV, BACKUP_DIR: backupDir, BACKUP_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await app.stop();
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('When an admin downloads the latest backup, then they get the file, uncached; nobody else gets it', async () => {
    const { client: admin } = await app.signedIn({ isAdmin: true });
    const { client: member } = await app.signedIn();

    expect((await admin.get('/api/admin/backups')).body).toEqual({
      latest: null,
      backups: [],
      keep: 7,
      dailyAtUtc: null,
    });
    const none = await admin.get('/api/admin/backups/latest');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ code: expect.any(String), error: 'No backup has been made yet' });

    const { backup } = (await app.system.backupScheduler.runOnce())!;
    const info = await admin.get('/api/admin/backups');
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect(info.body.latest).toEqual({
      name: backup.name,
      createdAt: backup.createdAt.toISOString(),
      size: backup.size,
      sha256: createHash('sha256')
        .update(await readFile(backup.path))
        .digest('hex'),
      instance: app.system.backups.instance,
    });
    expect(info.body.backups).toEqual([info.body.latest]);

    const download = await fetch(`${app.url}/api/admin/backups/latest`, {
      headers: { cookie: cookieOf(admin), 'sec-fetch-site': 'same-origin' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename=${backup.name}`);
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(await readFile(backup.path));

    expect((await app.anonymous().get('/api/admin/backups/latest')).status).toBe(401);
    expect((await member.get('/api/admin/backups/latest')).status).toBe(403);
    expect((await member.get('/api/admin/backups')).status).toBe(403);
    // A link on another site cannot make a signed-in admin's browser take it.
    const crossSite = await admin.get('/api/admin/backups/latest', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    // A Mini App admin's initData (a bearer proof) is not enough either.
    await app.deps.prisma.user.create({ data: { name: 'Tg Admin', telegramId: '7001', isAdmin: true } });
    const initData = signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 7001, first_name: 'Tg' }) },
      TEST_BOT_TOKEN,
    );
    const miniApp = await app.anonymous().get('/api/admin/backups/latest', {
      headers: { authorization: `tma ${initData}` },
    });
    expect(miniApp.status).toBe(403);
    expect(miniApp.body).toEqual({
      code: expect.any(String),
      error: 'Backups can be downloaded from the website only',
    });
  }, 60_000);
});

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

// `npm run backup` as its own process, and restoring its file into an empty database (no --force needed).
const CLI_KIND = DATABASE_KINDS.includes('postgres') ? 'postgres' : 'pglite';

describe.each([CLI_KIND])('npm run backup (the real CLI) on %s', (kind) => {
  let dir: string;
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-cli-'));
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  async function databaseEnv(name: string): Promise<{ env: Record<string, string>; target: DatabaseTarget }> {
    if (kind === 'pglite') {
      const dataDir = path.join(dir, name);
      return { env: { PGLITE_DIR: dataDir }, target: { kind: 'pglite', dataDir } };
    }
    const database = await createTestDatabase('postgres');
    databases.push(database);
    return { env: { DATABASE_URL: (database.target as { url: string }).url }, target: database.target };
  }

  it('When npm run backup runs, then its file restores into an empty database without --force', async () => {
    const backupDir = path.join(dir, 'backups');
    const source = await databaseEnv('source');
    const db = await openDatabase(source.target, 1);
    await db.prisma.user.create({ data: { name: 'Cli Person', googleEmail: 'cli@example.org' } });
    const rows = await everyRow(db.prisma);
    await db.close();

    const made = await runCli('backup', [], { ...source.env, BACKUP_DIR: backupDir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const [file] = await readdir(backupDir);
    expect(made.stdout).toContain(`Backup written: ${path.join(backupDir, file!)}`);

    const empty = await databaseEnv('empty');
    const restored = await runCli('restore', [path.join(backupDir, file!)], { ...empty.env, BACKUP_DIR: backupDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).not.toContain('backed up first');
    const check = await openDatabase(empty.target, 1);
    expect(await everyRow(check.prisma)).toEqual(rows);
    await check.close();

    const missing = await runCli('restore', [path.join(dir, 'nothing.dump')], { ...empty.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Restore failed: No such file');
    expect((await runCli('restore', [], empty.env)).code).toBe(2);
  }, 240_000);
});
