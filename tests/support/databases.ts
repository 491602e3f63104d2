// Test databases: a fresh in-memory PGlite, or a fresh database on the PostgreSQL of TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import type { DatabaseTarget } from '../../api/src/db/adapters';
import {
  dateDatabase,
  databaseUrl,
  migratedPgliteSnapshot,
  migratedTemplate,
  runDatabasePrefix,
  withAdmin,
} from './database-snapshots';
import { TEST_DATABASE_URL } from './env';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Start from a copy of a database the migrator already brought up to date (a PGlite snapshot, a PostgreSQL
   * template), which is much faster than a fresh one. Without it the database is empty, for tests of migrating.
   */
  migrated?: boolean;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  { migrated = false }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const target: DatabaseTarget = migrated
      ? { kind: 'pglite', loadDataDir: await migratedPgliteSnapshot() }
      : { kind: 'pglite' };
    return { target, drop: async () => {} };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const adminUrl = TEST_DATABASE_URL;
  // Named with this run's id: only this run ever drops it (database-snapshots.ts).
  const name = `${runDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  const template = migrated ? await migratedTemplate(adminUrl) : null;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await dateDatabase(admin, name);
    // Used just now: another run (of other migrations) prunes templates only once nobody has used them for an
    // hour, and this run will copy it again.
    if (template) await dateDatabase(admin, template);
  });
  return {
    target: { kind: 'postgres', url: databaseUrl(adminUrl, name) },
    async drop() {
      // Ours: its connections (an app a test left open) may be ended.
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
