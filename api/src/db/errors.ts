// Recognising constraint failures the same way on both databases. PostgreSQL through adapter-pg reports them
// as Prisma's known errors (P2002, P2003); the PGlite adapter passes the driver's error through, whose cause
// (or the error itself) carries the SQLSTATE.
import { Prisma as PrismaTypes } from '@prisma/client';

export type DbFailure = 'unique' | 'foreign-key' | 'not-found';

const PRISMA_CODES: Record<DbFailure, string> = { unique: 'P2002', 'foreign-key': 'P2003', 'not-found': 'P2025' };
const SQLSTATES: Partial<Record<DbFailure, string>> = { unique: '23505', 'foreign-key': '23503' };

export function isDbFailure(error: unknown, failure: DbFailure): boolean {
  if (error instanceof PrismaTypes.PrismaClientKnownRequestError) return error.code === PRISMA_CODES[failure];
  const sqlstate = SQLSTATES[failure];
  if (!sqlstate || error === null || typeof error !== 'object') return false;
  const own = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return own === sqlstate || cause === sqlstate;
}

export const isUniqueViolation = (error: unknown) => isDbFailure(error, 'unique');
