import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmins } from '../../api/src/bootstrap';
import type { DatabaseTarget } from '../../api/src/db/adapters';
import { openDatabase } from '../../api/src/db/database';
import { listAdmins, parseAdminRef, setAdmin } from '../../api/src/modules/auth/admin-grants';
import { grantAdminByIdentity } from '../../api/src/modules/auth/admin-grants-repository';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI as production runs it, built by the run's global setup from api/src/cli/admin.ts. */
const ADMIN_CLI = path.join(ROOT, 'dist/server/admin.js');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI (`node dist/server/admin.js …`, what `npm run admin -- …` runs from source) on the database. */
function runAdminCli(args: string[], databaseEnv: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADMIN_CLI, ...args],
      { cwd: ROOT, env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...databaseEnv }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the commands one after another (PGlite: one process may open the folder at a time). */
async function inTurn(runs: Array<() => Promise<CliResult>>): Promise<CliResult[]> {
  const results: CliResult[] = [];
  for (const run of runs) results.push(await run());
  return results;
}

describe.each(DATABASE_KINDS)('Admin bootstrap and grants on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { ADMIN_EMAILS: 'root@example.org, Linked-Root@example.org', ADMIN_TELEGRAM_IDS: '13579' },
    });
  });
  afterAll(() => app.stop());

  it('When the server starts with ADMIN_EMAILS / ADMIN_TELEGRAM_IDS, then existing matching users become admins', async () => {
    const google = await app.deps.prisma.user.create({ data: { name: 'Root', googleEmail: 'root@example.org' } });
    const linked = await app.deps.prisma.user.create({
      data: { name: 'Linked', linkedEmail: 'linked-root@example.org', linkedEmailConfirmed: true },
    });
    const unconfirmed = await app.deps.prisma.user.create({
      data: { name: 'Claimer', linkedEmail: 'root@example.org', linkedEmailConfirmed: false },
    });
    const telegram = await app.deps.prisma.user.create({ data: { name: 'Tg', telegramId: '13579' } });
    const bystander = await app.deps.prisma.user.create({ data: { name: 'Other', googleEmail: 'other@example.org' } });

    await bootstrapAdmins(app.deps);

    const isAdmin = async (id: number) => (await app.deps.prisma.user.findUniqueOrThrow({ where: { id } })).isAdmin;
    expect(await isAdmin(google.id)).toBe(true);
    expect(await isAdmin(linked.id)).toBe(true);
    expect(await isAdmin(telegram.id)).toBe(true);
    expect(await isAdmin(unconfirmed.id)).toBe(false);
    expect(await isAdmin(bystander.id)).toBe(false);
  });

  it('When admin is granted and revoked by email or Telegram id, then the user’s next request sees it', async () => {
    const { user, client } = await app.signedIn({ googleEmail: 'grant-me@example.org' });
    expect((await client.get('/api/users/me')).body.isAdmin).toBe(false);

    const granted = await setAdmin(app.deps.prisma, parseAdminRef('Grant-Me@example.org')!, true);
    expect(granted?.id).toBe(user.id);
    expect((await client.get('/api/users/me')).body.isAdmin).toBe(true);
    expect((await listAdmins(app.deps.prisma)).map((admin) => admin.id)).toContain(user.id);

    await setAdmin(app.deps.prisma, parseAdminRef('grant-me@example.org')!, false);
    expect((await client.get('/api/users/me')).body.isAdmin).toBe(false);

    const { user: tgUser, client: tgClient } = await app.signedIn({ telegramId: '24680' });
    expect((await setAdmin(app.deps.prisma, parseAdminRef('telegram:24680')!, true))?.id).toBe(tgUser.id);
    expect((await tgClient.get('/api/users/me')).body.isAdmin).toBe(true);
  });

  it('When the named user does not exist or the email is unconfirmed, then nothing is granted', async () => {
    await app.deps.prisma.user.create({
      data: { name: 'Pending', linkedEmail: 'pending@example.org', linkedEmailConfirmed: false },
    });
    expect(await setAdmin(app.deps.prisma, parseAdminRef('nobody@example.org')!, true)).toBeNull();
    expect(await setAdmin(app.deps.prisma, parseAdminRef('pending@example.org')!, true)).toBeNull();
    expect(await setAdmin(app.deps.prisma, parseAdminRef('telegram:999999999')!, true)).toBeNull();
    expect(await app.deps.prisma.user.count({ where: { name: 'Pending', isAdmin: true } })).toBe(0);
  });

  it('When the reference is neither an email nor telegram:ID, then it is rejected', () => {
    for (const text of ['', 'bob', 'telegram:', 'telegram:abc', '@example.org', 'a b@example.org']) {
      expect(parseAdminRef(text)).toBeNull();
    }
    expect(parseAdminRef(' TELEGRAM:42 ')).toEqual({ kind: 'telegram', telegramId: '42' });
  });
});

// The real CLI in its own process, on one database (PostgreSQL when available: it starts faster than a PGlite
// folder). What the commands do to admins is tested in-process on both databases above.
const CLI_KIND = DATABASE_KINDS.includes('postgres') ? 'postgres' : 'pglite';

describe.each([CLI_KIND])('npm run admin (the real CLI) on %s', (kind) => {
  let database: TestDatabase | undefined;
  let pgliteDir: string | undefined;
  let databaseEnv: Record<string, string>;
  let target: DatabaseTarget;
  beforeAll(async () => {
    if (kind === 'pglite') {
      pgliteDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-'));
      databaseEnv = { PGLITE_DIR: pgliteDir };
      target = { kind: 'pglite', dataDir: pgliteDir };
    } else {
      database = await createTestDatabase('postgres');
      if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
      databaseEnv = { DATABASE_URL: database.target.url };
      target = database.target;
    }
  });
  afterAll(async () => {
    await database?.drop();
    if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true });
  });

  it('When grant, list and revoke are run, then they change and show the admins, and an unknown user fails', async () => {
    // Commands that do not depend on each other run at once on PostgreSQL (PGlite: one process at a time).
    const together = (...runs: Array<() => Promise<CliResult>>) =>
      kind === 'postgres' ? Promise.all(runs.map((run) => run())) : inTurn(runs);

    // The CLI migrates a fresh database like the server does (on PostgreSQL two at the same moment, as
    // instances starting together do).
    const [empty, unknown] = await together(
      () => runAdminCli(['list'], databaseEnv),
      () => runAdminCli(['grant', 'telegram:123'], databaseEnv),
    );
    expect(empty).toMatchObject({ code: 0, stdout: 'No admins yet.\n' });
    expect(unknown!.code).toBe(1);
    expect(unknown!.stderr).toContain('No user found for telegram:123');

    // PGlite allows one process at a time: the test opens the folder only while no CLI runs.
    const db = await openDatabase(target, 1);
    const user = await db.prisma.user.create({ data: { name: 'Cli Person', googleEmail: 'cli@example.org' } });
    await db.close();
    const isAdmin = async () => {
      const check = await openDatabase(target, 1);
      const { isAdmin } = await check.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      await check.close();
      return isAdmin;
    };

    const granted = await runAdminCli(['grant', 'CLI@example.org'], databaseEnv);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toBe(`Granted admin: #${user.id} Cli Person (cli@example.org)\n`);

    const [listed, bad] = await together(
      () => runAdminCli(['list'], databaseEnv),
      () => runAdminCli(['promote', 'cli@example.org'], databaseEnv),
    );
    expect(listed!.code).toBe(0);
    expect(listed!.stdout).toBe(`#${user.id}  Cli Person  cli@example.org\n`);
    expect(bad!.code).toBe(1);
    expect(bad!.stderr).toContain('Usage:');
    // The refusal changed nothing.
    expect(await isAdmin()).toBe(true);

    const revoked = await runAdminCli(['revoke', 'cli@example.org'], databaseEnv);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('Revoked admin');
    expect(await isAdmin()).toBe(false);

    // Each command is on record (how, when, by whom), and the recorded revoke wins over ADMIN_EMAILS as a server
    // start applies it.
    const records = await openDatabase(target, 1);
    const changes = await records.prisma.adminRoleChange.findMany({
      where: { userId: user.id },
      orderBy: { id: 'asc' },
    });
    expect(changes.map((change) => [change.granted, change.means])).toEqual([
      [true, 'cli'],
      [false, 'cli'],
    ]);
    expect(changes.every((change) => change.createdAt instanceof Date)).toBe(true);
    await grantAdminByIdentity(records.prisma, { emails: ['cli@example.org'], telegramIds: [] });
    await records.close();
    expect(await isAdmin()).toBe(false);
  }, 180_000);
});
