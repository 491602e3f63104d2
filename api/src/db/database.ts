// Opens the database (PostgreSQL or PGlite), applies migrations, and hands out the Prisma client.
import { PrismaClient } from '@prisma/client';
import { mkdir } from 'node:fs/promises';
import { openAdapter, type AdapterOptions, type DatabaseTarget, type OpenedAdapter, type PoolUse } from './adapters';
import { attachLeanSql } from './lean-sql';
import { prepareDatabase, type PrepareOptions } from './migrate';

export type { Prisma } from './prisma-client';

/** The owner's one connection, for the migrator. */
const openOwner = (url: string) => openAdapter({ kind: 'postgres', url }, 1);

export interface Database {
  prisma: PrismaClient;
  kind: DatabaseTarget['kind'];
  /** The embedded database (PGlite's pg_dump runs on it); null on PostgreSQL. */
  pglite: OpenedAdapter['pglite'];
  /** The connection pool's use now (the metrics read it at each scrape). */
  connections(): PoolUse;
  close(): Promise<void>;
}

/**
 * Opens the database and migrates it: nothing is served on an unmigrated database. With an owner URL
 * (DATABASE_OWNER_URL) the owner migrates, on a connection of its own closed once done, and grants the app's role
 * what it needs.
 */
export async function openDatabase(
  target: DatabaseTarget,
  poolSize?: number,
  options: AdapterOptions & PrepareOptions = {},
): Promise<Database> {
  if (target.kind === 'pglite' && target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const opened = await openAdapter(target, poolSize, options);
  try {
    const owner = target.kind === 'postgres' && target.ownerUrl ? await openOwner(target.ownerUrl) : null;
    try {
      await prepareDatabase(opened, owner, options);
    } finally {
      await owner?.close();
    }
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
    connections: opened.connections,
    async close() {
      await prisma.$disconnect();
      await opened.close();
    },
  };
}
