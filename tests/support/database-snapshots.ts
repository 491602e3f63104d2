// Migrated starting points for test databases, made once and reused by every test app: a PGlite data folder
// (a tarball from dumpDataDir) and a PostgreSQL template database. Opening a fresh PGlite runs initdb, which
// costs more than everything else an app does at start; copying a template is cheaper than migrating anew.
// Both are made by the product's own migrator and keyed by a hash of what they depend on (the migrations, the
// migrator, this file, the PGlite version), so a new or edited migration makes new ones. Apps still migrate when
// they open (and find nothing to do, or only a migration added since): only the tests start from a snapshot, the
// product path is unchanged. Made once per run by tests/support/global-setup.ts, else by the first app.
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openAdapter, pgliteExtensions, pgliteSession } from '../../api/src/db/adapters';
import { migrate, MIGRATIONS_DIR } from '../../api/src/db/migrate';
import { TEST_RUN_ID } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/test-databases');
const TEMPLATE_PREFIX = 'events_template_';
const TEST_DATABASE_PREFIX = 'events_test_';
/** Snapshots of other migration sets are removed once this old (a run still using one has long read it). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** This run's id (lower-case hex, as a database name needs): the global setup's, else this process's own. */
const runId = TEST_RUN_ID && /^[0-9a-f]{8}$/.test(TEST_RUN_ID) ? TEST_RUN_ID : randomBytes(4).toString('hex');

/** A new id for a run; the global setup hands it to the workers (TEST_RUN_ID). */
export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

/** The start of the name of every test database this run makes. */
export function runDatabasePrefix(id = runId): string {
  return `${TEST_DATABASE_PREFIX}${id}_`;
}

/** Dates a database (its comment), so that a later run can tell an abandoned one from one in use. */
export async function dateDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat().sort();
}

let keyPromise: Promise<string> | undefined;

/** Changes whenever a migration, the migrator, this file or PGlite changes. */
export function migrationsKey(): Promise<string> {
  keyPromise ??= (async () => {
    const hash = createHash('sha256');
    const inputs = [
      ...(await filesUnder(MIGRATIONS_DIR)),
      path.join(ROOT, 'api/src/db/migrate.ts'),
      fileURLToPath(import.meta.url),
      path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'),
    ];
    for (const file of inputs) {
      hash
        .update(path.relative(ROOT, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return keyPromise;
}

async function removeStaleSnapshots(keep: string): Promise<void> {
  const names = await readdir(CACHE_DIR).catch(() => [] as string[]);
  for (const name of names) {
    if (name === keep) continue;
    const file = path.join(CACHE_DIR, name);
    const age = Date.now() - (await stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_AFTER_MS) await rm(file, { force: true });
  }
}

/**
 * Every app copies the snapshot into memory, so its size is paid on every start: 1 MB WAL segments (instead of
 * 16 MB, mostly zeros) make it markedly smaller. Nothing the app does depends on the segment size.
 */
const INITDB_OPTIONS = ['--wal-segsize=1'];

async function buildPgliteSnapshot(file: string): Promise<void> {
  const pglite = new PGlite({ initDbStartParams: INITDB_OPTIONS, extensions: await pgliteExtensions() });
  try {
    await pglite.waitReady;
    await migrate({ withSession: (work) => work(pgliteSession(pglite)) });
    const tarball = await pglite.dumpDataDir('none');
    await mkdir(CACHE_DIR, { recursive: true });
    // Written aside and renamed: another worker building the same snapshot never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await pglite.close();
  }
}

/** Makes the migrated PGlite snapshot unless it exists; returns its file. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const name = `pglite-${await migrationsKey()}.tar`;
  const file = path.join(CACHE_DIR, name);
  if (!(await stat(file).catch(() => null))) await buildPgliteSnapshot(file);
  await removeStaleSnapshots(name);
  return file;
}

let pgliteSnapshot: Promise<Blob> | undefined;

/** The migrated PGlite data folder, as PGlite's `loadDataDir` takes it (read once per process). */
export function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= ensurePgliteSnapshot().then(async (file) => new Blob([await readFile(file)]));
  // A failed build is not cached: the next app tries again (and reports its own error).
  pgliteSnapshot.catch(() => {
    pgliteSnapshot = undefined;
  });
  return pgliteSnapshot;
}

/** Runs `work` on a connection of its own to the server's maintenance database. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const DUPLICATE_DATABASE = '42P04';

const OBJECT_IN_USE = '55006';

/** Renames a database as soon as the server has ended the connections just closed to it (that ends shortly after). */
async function renameWhenClosed(admin: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`ALTER DATABASE ${from} RENAME TO ${to}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function buildTemplate(adminUrl: string, template: string): Promise<void> {
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
  try {
    const opened = await openAdapter({ kind: 'postgres', url: databaseUrl(adminUrl, building) }, 1);
    try {
      await migrate(opened);
    } finally {
      await opened.close();
    }
    // Named only once migrated: whoever finds the template finds it complete. The comment dates it for pruning.
    await withAdmin(adminUrl, async (admin) => {
      await dateDatabase(admin, building);
      await renameWhenClosed(admin, building, template);
    });
  } catch (error) {
    await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    // Another worker named its copy first: that one serves.
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  }
}

/**
 * Removes databases of our prefixes that no run uses any more: dated over an hour ago and with no connection
 * open (a plain DROP refuses a database in use, and then it stays). Another run's database in use is never ended.
 */
async function removeAbandoned(admin: pg.Client, prefix: string, keep: string | null): Promise<void> {
  const { rows } = await admin.query<{ name: string; made: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS made FROM pg_database
     WHERE starts_with(datname, $1) AND datname IS DISTINCT FROM $2`,
    [prefix, keep],
  );
  for (const { name, made } of rows) {
    const age = made ? Date.now() - Date.parse(made) : 0;
    if (!(age > STALE_AFTER_MS)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch((error: { code?: string }) => {
      if (error.code !== OBJECT_IN_USE) throw error;
    });
  }
}

async function removeStaleTemplates(adminUrl: string, keep: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => removeAbandoned(admin, TEMPLATE_PREFIX, keep));
}

/**
 * At the end of a run: drops this run's test databases a crashed or interrupted file left behind (its own, so an
 * open connection may be ended), then abandoned test databases of earlier runs (never one in use).
 */
export async function dropRunDatabases(adminUrl: string, id: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const own = runDatabasePrefix(id);
    const { rows } = await admin.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [own],
    );
    for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await removeAbandoned(admin, TEST_DATABASE_PREFIX, null);
  });
}

const templates = new Map<string, Promise<string>>();

/** The name of a migrated template database on the server of `adminUrl` (made once per migrations key). */
export function migratedTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = (async () => {
      const name = `${TEMPLATE_PREFIX}${await migrationsKey()}`;
      const exists = await withAdmin(adminUrl, async (admin) => {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        return rowCount === 1;
      });
      if (!exists) await buildTemplate(adminUrl, name);
      await removeStaleTemplates(adminUrl, name);
      return name;
    })();
    templates.set(adminUrl, template);
    template.catch(() => templates.delete(adminUrl));
  }
  return template;
}
