// The health checks' questions to the database: does it answer, and is its schema this build's?
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';

/** Resolves when the database answers a trivial query; rejects when it cannot be reached. */
export async function ping(prisma: Prisma): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/**
 * Whether `migration` (this build's newest) is applied: one query that also proves the database answers.
 * Rejects when the database cannot be reached.
 */
export async function isMigrated(prisma: Prisma, migration: string): Promise<boolean> {
  const [row] = await prisma.$queryRaw<Array<{ migrated: boolean }>>(
    PrismaTypes.sql`SELECT EXISTS (SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ${migration}
      AND finished_at IS NOT NULL AND rolled_back_at IS NULL) AS migrated`,
  );
  return row?.migrated === true;
}
