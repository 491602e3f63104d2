// Restoring a backup file into the configured database, for the restore CLI (the server must be stopped).
// A database that holds data is replaced only when asked to (force), and then only after a backup of it.
import { existsSync } from 'node:fs';
import { open, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseTarget, OpenedAdapter, SqlSession } from '../../db/adapters';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { BackupFormat } from './backup-files';
import { formatOf, type BackupsService } from './backups-service';
import { describeContents, emptyPublicSchema, type DatabaseContents } from './database-contents';
import { decompressDump, loadPgliteDump } from './pglite-dump';
import { pgRestoreFrom, type PgTools } from './postgres-tools';

/** The database holds data and the restore was not forced: nothing was changed. */
export class RestoreRefusedError extends Error {}
/** The file or the database is not fit for this restore: nothing was changed. */
export class RestoreError extends Error {}

export interface RestoreReport {
  tables: number;
  rows: number;
  /** The backup made of the replaced data (forced restore into a database with data). */
  safetyBackup: string | null;
  /** Migrations newer than the backup, which the server applies when it starts. */
  pendingMigrations: string[];
}

const FORMAT_NAMES: Record<BackupFormat, string> = {
  'pglite-sql': 'a backup of the embedded (PGlite) database',
  'postgres-custom': 'a PostgreSQL backup (pg_dump custom format)',
};

async function formatOfFile(file: string): Promise<BackupFormat> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new RestoreError(error.code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file}: ${error.message}`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite-sql';
    if (head.toString('latin1') === 'PGDMP') return 'postgres-custom';
    throw new RestoreError(`${file} is not a backup made by this app (neither a .sql.gz nor a .dump file)`);
  } finally {
    await handle.close();
  }
}

/** PGlite keeps this file in its folder while a process has the database open. */
export function pgliteInUse(target: DatabaseTarget): string | null {
  if (target.kind !== 'pglite' || !target.dataDir) return null;
  const lock = path.join(target.dataDir, 'postmaster.pid');
  return existsSync(lock) ? lock : null;
}

export const PGLITE_IN_USE_HELP =
  'The embedded database is open in another process (is the server running?). Only one process may open it: ' +
  'stop the server, then run this again. If no server runs (it crashed), start it once with `npm start` and ' +
  'stop it with Ctrl-C, which closes the database cleanly.';

function describeFilled(contents: DatabaseContents): string {
  const shown = contents.filled.slice(0, 5).map(({ table, rows }) => `${table} (${rows} rows)`);
  const more = contents.filled.length > shown.length ? `, and ${contents.filled.length - shown.length} more` : '';
  return `${shown.join(', ')}${more}`;
}

async function pendingMigrations(session: SqlSession): Promise<string[]> {
  const applied = new Set(
    (
      await session.query<{ name: string }>(
        `SELECT migration_name AS name FROM public."_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
    ).map((row) => row.name),
  );
  const all = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  return all
    .map((entry) => entry.name)
    .filter((name) => !applied.has(name))
    .sort();
}

/** A backup file, checked and read before the database is opened. */
export interface RestoreFile {
  path: string;
  /** The PGlite dump's SQL; null for a PostgreSQL backup, which pg_restore reads from the file. */
  pgliteSql: string | null;
}

/**
 * Checks that `file` is a backup made for the configured kind of database and that nothing else has the embedded
 * database open, and reads a PGlite dump (checking it), all before the database is opened or touched.
 */
export async function readRestoreFile(target: DatabaseTarget, file: string): Promise<RestoreFile> {
  const format = await formatOfFile(file);
  if (format !== formatOf(target.kind)) {
    throw new RestoreError(
      `${file} is ${FORMAT_NAMES[format]}, but the configured database is ` +
        `${target.kind === 'pglite' ? 'the embedded one (PGlite)' : 'PostgreSQL (DATABASE_URL)'}. ` +
        'Restore it with the setting it was made with.',
    );
  }
  if (pgliteInUse(target)) throw new RestoreError(PGLITE_IN_USE_HELP);
  const pgliteSql = format === 'pglite-sql' ? (await decompressDump(await readFile(file))).toString('utf8') : null;
  return { path: file, pgliteSql };
}

/** Replaces the data in `db` (opened by the caller on `target`) with the backup `file` (readRestoreFile). */
export async function restoreBackup(input: {
  target: DatabaseTarget;
  db: OpenedAdapter;
  file: RestoreFile;
  force: boolean;
  /** Backs up the data a forced restore replaces: a service over `db`, recording in the database it replaces. */
  backups: Pick<BackupsService, 'backUp'>;
  /** pg_restore for a PostgreSQL backup. */
  tools: PgTools;
}): Promise<RestoreReport> {
  const { target, db } = input;
  const { pgliteSql } = input.file;
  const before = await db.withSession(describeContents);
  let safetyBackup: string | null = null;
  if (before.filled.length) {
    if (!input.force) {
      throw new RestoreRefusedError(
        `The database is not empty: ${describeFilled(before)}. A restore replaces everything in it. ` +
          'Run the restore again with --force to replace it (a backup of it is made first).',
      );
    }
    // Recorded in the database it replaces, so the record goes with it; the next prune adopts the file.
    // Not pruned: the file being restored may be the oldest one kept.
    safetyBackup = (await input.backups.backUp({ label: 'before-restore', prune: false })).backup.path;
  }

  if (db.pglite && pgliteSql !== null) {
    // Emptying and loading in one transaction: a failure leaves the database as it was.
    await db.pglite.transaction(async (tx) => {
      const session: SqlSession = {
        exec: async (sql) => {
          await tx.exec(sql);
        },
        query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
      };
      await emptyPublicSchema(session);
      await loadPgliteDump(session, pgliteSql);
    });
  } else if (target.kind === 'postgres') {
    await db.withSession(async (session) => {
      await session.exec('BEGIN');
      try {
        await emptyPublicSchema(session);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw error;
      }
    });
    // pg_restore is a program of its own with its own transaction: should it fail, the database is left empty,
    // and the backup of what it held (made above when it held data) restores it.
    await pgRestoreFrom(input.tools, target.url, input.file.path);
  }

  return await db.withSession(async (session) => {
    const after = await describeContents(session);
    return {
      tables: after.tables,
      rows: after.filled.reduce((sum, table) => sum + table.rows, 0),
      safetyBackup,
      pendingMigrations: await pendingMigrations(session),
    };
  });
}
