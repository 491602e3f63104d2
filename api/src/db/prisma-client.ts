import type { PrismaClient } from '@prisma/client';

/** The database client every repository receives (its own type, so that nothing needs database.ts to name it). */
export type Prisma = PrismaClient;
