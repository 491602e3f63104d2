// Tests of a data migration: a PGlite database migrated by the product's own migrator up to just before the
// migration under test, given rows as the product stored them then, then migrated the rest of the way.
import { PGlite } from '@electric-sql/pglite';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteExtensions, pgliteSession } from '../../api/src/db/adapters';
import { migrate, MIGRATIONS_DIR } from '../../api/src/db/migrate';

export interface EarlierDatabase {
  /** The database as migrated so far: insert the old rows here, read the migrated ones after. */
  pglite: PGlite;
  /** Applies `firstNew` and every migration after it, as a deploy would. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database with every migration before `firstNew` (a migration folder's name) applied. */
export async function databaseBefore(firstNew: string): Promise<EarlierDatabase> {
  const earlier = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  const pglite = new PGlite({ extensions: await pgliteExtensions() });
  const db = {
    withSession: <T>(work: (session: ReturnType<typeof pgliteSession>) => Promise<T>) => work(pgliteSession(pglite)),
  };
  const close = async () => {
    await pglite.close();
    await rm(earlier, { recursive: true, force: true });
  };
  try {
    const names = await readdir(MIGRATIONS_DIR);
    // A misspelt name would otherwise make every migration "earlier" and test nothing.
    if (!names.includes(firstNew)) throw new Error(`no migration named ${firstNew} in ${MIGRATIONS_DIR}`);
    for (const name of names) {
      if (name < firstNew) await cp(path.join(MIGRATIONS_DIR, name), path.join(earlier, name), { recursive: true });
    }
    await migrate(db, earlier);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    pglite,
    migrateRest: async () => {
      await migrate(db);
    },
    close,
  };
}
