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
