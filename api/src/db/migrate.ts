// Applies prisma/migrations in order, in process, before anything is served.
//
// Prisma's own `migrate deploy` works here only through its CLI (a second process), which cannot share a
// PGlite data folder with the server and is slow to spawn for every test database. This runner keeps
// Prisma's bookkeeping table and checksums, so `prisma migrate status` agrees with it.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { OpenedAdapter, SqlSession } from './adapters';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations', import.meta.url));

const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

// Any constant serves: it keeps two instances starting together from migrating at once.
const LOCK_ID = 72_707_369;

export interface MigrationResult {
  applied: string[];
}

export function migrate(db: Pick<OpenedAdapter, 'withSession'>, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  return db.withSession((session) => migrateInSession(session, dir));
}

async function migrateInSession(db: SqlSession, dir: string): Promise<MigrationResult> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  await db.exec(`SELECT pg_advisory_lock(${LOCK_ID});`);
  try {
    await db.exec(BOOKKEEPING);
    const done = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const finished = new Map(done.filter((row) => row.finished_at).map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const name of names) {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const known = finished.get(name);
      if (known) {
        if (known !== checksum) throw new Error(`Migration ${name} was changed after it was applied`);
        continue;
      }
      const id = randomUUID();
      await db.exec('BEGIN');
      try {
        await db.exec(sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [id, checksum, name],
        );
        await db.exec('COMMIT');
      } catch (error) {
        await db.exec('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
    return { applied };
  } finally {
    await db.exec(`SELECT pg_advisory_unlock(${LOCK_ID});`);
  }
}

/** A role name as an SQL identifier. */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The least-privilege setup (DATABASE_OWNER_URL): run by the owner after migrating, at every start, so tables
 * added by new migrations are covered. The app's role reads and writes every table but the audit log, which it
 * may only read and append to (the retention job is audit_log_prune(), which runs with the owner's rights), and
 * the migrator's own tables, which it may only read. It owns nothing, so it cannot alter a table or its triggers.
 */
export async function grantAppRole(owner: SqlSession, appRole: string): Promise<void> {
  const role = quoteIdent(appRole);
  await owner.exec(`
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    REVOKE ALL ON "audit_log", "audit_retention", "_prisma_migrations" FROM ${role};
    GRANT SELECT, INSERT ON "audit_log" TO ${role};
    GRANT SELECT ON "audit_retention", "_prisma_migrations" TO ${role};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    GRANT EXECUTE ON FUNCTION "audit_log_prune"() TO ${role};`);
}

/** The audit log's retention (AUDIT_RETENTION_DAYS), written where its trigger and prune function read it. */
export async function saveAuditRetention(owner: SqlSession, days: number): Promise<void> {
  await owner.query('UPDATE "audit_retention" SET "days" = $1 WHERE "id" = 1 AND "days" <> $1', [days]);
}

export interface PrepareOptions {
  /** AUDIT_RETENTION_DAYS; left as stored when absent (tools that only read or restore). */
  auditRetentionDays?: number;
}

/**
 * Brings the database up to date before anything is served: migrations, the audit retention, and, with an owner
 * connection (`owner`, the least-privilege setup), the app role's grants. Without one, `app` does it all itself.
 */
export async function prepareDatabase(
  app: Pick<OpenedAdapter, 'withSession'>,
  owner: Pick<OpenedAdapter, 'withSession'> | null,
  options: PrepareOptions = {},
): Promise<MigrationResult> {
  const migrator = owner ?? app;
  const result = await migrate(migrator);
  await migrator.withSession(async (session) => {
    if (options.auditRetentionDays !== undefined) await saveAuditRetention(session, options.auditRetentionDays);
    if (!owner) return;
    const [appRole] = await app.withSession((appSession) =>
      appSession.query<{ role: string }>('SELECT current_user AS role'),
    );
    const [ownerRole] = await session.query<{ role: string }>('SELECT current_user AS role');
    // The same role on both URLs: it owns everything already, and revoking would take its own rights away.
    if (appRole && appRole.role !== ownerRole?.role) await grantAppRole(session, appRole.role);
  });
  return result;
}
