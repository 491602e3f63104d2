// PGlite's own pg_dump (@electric-sql/pglite-tools, pg_dump compiled to WASM) run on the server's live PGlite,
// and the restore of what it writes.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { SqlSession } from '../../db/adapters';

const COMPLETE = '-- PostgreSQL database dump complete';

type SettingRow = { name: string; setting: string };
const SESSION_SETTINGS = `SELECT name, setting FROM pg_settings WHERE context IN ('user', 'superuser')`;

/**
 * Dumps the database as SQL (INSERT statements) through the one connection PGlite has, which the app shares.
 *
 * Two things make that unsafe as pgDump() does it alone, so this wraps it:
 * - pg_dump talks to the connection without PGlite's lock: were the app inside a transaction then, pg_dump's
 *   statements would land in it. Holding PGlite's transaction lock (a transaction, ended at once so pg_dump
 *   can open its own snapshot) keeps every other query waiting until the dump is done.
 * - pg_dump leaves its read-only transaction open and its session settings (search_path, DateStyle, timeouts)
 *   changed: every later write of the app would fail. The transaction is rolled back and each setting put back.
 */
export async function dumpPglite(pglite: PGlite): Promise<string> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  return pglite.transaction(async (tx) => {
    await tx.exec('COMMIT');
    const before = (await tx.query<SettingRow>(SESSION_SETTINGS)).rows;
    try {
      const file = await pgDump({ pg: sharingLock(pglite, tx) });
      const sql = await file.text();
      if (!sql.includes(COMPLETE)) throw new Error('pg_dump stopped before the end of the database');
      return sql;
    } finally {
      await tx.exec('ROLLBACK');
      await restoreSettings(tx, before);
      // For the COMMIT with which PGlite ends the transaction this ran in.
      await tx.exec('BEGIN');
    }
  });
}

/** The PGlite instance as pgDump sees it, whose own queries run under the lock this code already holds. */
function sharingLock(pglite: PGlite, tx: Transaction): PGlite {
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return tx.query.bind(tx);
      if (property === 'exec') return tx.exec.bind(tx);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function restoreSettings(tx: Transaction, before: SettingRow[]): Promise<void> {
  const now = new Map((await tx.query<SettingRow>(SESSION_SETTINGS)).rows.map((row) => [row.name, row.setting]));
  for (const { name, setting } of before) {
    if (now.get(name) !== setting) await tx.query('SELECT set_config($1, $2, false)', [name, setting]);
  }
}

export const compressDump = promisify(gzip);
export const decompressDump = promisify(gunzip);

/** Runs a dump's SQL (already emptied database): in the caller's transaction, so a failure changes nothing. */
export async function loadPgliteDump(session: SqlSession, sql: string): Promise<void> {
  if (!sql.includes(COMPLETE))
    throw new Error('The backup file is incomplete (it does not end as pg_dump ends a dump)');
  await session.exec(sql);
}
