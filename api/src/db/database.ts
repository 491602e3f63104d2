// Opens the database (PostgreSQL or PGlite), applies migrations, and hands out the Prisma client.
import { PrismaClient } from '@prisma/client';
import { mkdir } from 'node:fs/promises';
import { openAdapter, type AdapterOptions, type DatabaseTarget, type OpenedAdapter } from './adapters';
import { attachLeanSql } from './lean-sql';
import { migrate } from './migrate';

export type { Prisma } from './prisma-client';

export interface Database {
  prisma: PrismaClient;
  kind: DatabaseTarget['kind'];
  /** The embedded database (PGlite's pg_dump runs on it); null on PostgreSQL. */
  pglite: OpenedAdapter['pglite'];
  close(): Promise<void>;
}

/** Opens the database and migrates it: nothing is served on an unmigrated database. */
export async function openDatabase(
  target: DatabaseTarget,
  poolSize?: number,
  options: AdapterOptions = {},
): Promise<Database> {
  if (target.kind === 'pglite' && target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const opened = await openAdapter(target, poolSize, options);
  try {
    await migrate(opened);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: opened.adapter });
  attachLeanSql(prisma, opened.lean);
  return {
    prisma,
    kind: target.kind,
    pglite: opened.pglite,
    async close() {
      await prisma.$disconnect();
      await opened.close();
    },
  };
}
