// The health check's one question to the database: does it answer?
import type { Prisma } from '../../db/database';

/** Resolves when the database answers a trivial query; rejects when it cannot be reached. */
export async function ping(prisma: Prisma): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}
