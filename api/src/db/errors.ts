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

// Failures of the connection rather than of the statement: the database is down, restarting, unreachable or
// out of connections. Measured with Prisma 6.19 + adapter-pg (tests/api/database-outage.test.ts): a refused
// connection is P1001 (P2010 for raw queries, with the adapter's error in meta.driverAdapterError); a connection
// dropped mid-query reaches us as pg's own "Connection terminated unexpectedly"; a backend terminated by a
// restart is SQLSTATE 57P01 inside meta.driverAdapterError.
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** connection_exception (class 08), admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** The socket's own failures, as pg reports them to the hot reads that bypass Prisma (db/lean-sql.ts). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/** pg and pg-pool say these without a code. */
const UNAVAILABLE_PG_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function looksUnavailable(error: ErrorShape): boolean {
  if (error instanceof PrismaTypes.PrismaClientKnownRequestError && UNAVAILABLE_PRISMA_CODES.has(error.code))
    return true;
  if (typeof error.errorCode === 'string' && UNAVAILABLE_PRISMA_CODES.has(error.errorCode)) return true;
  // The driver adapter's error description ({ kind, originalCode | code }), on its own or as a cause.
  if (typeof error.kind === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(error.kind)) return true;
  for (const code of [error.code, error.originalCode]) {
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
      return true;
    }
  }
  return typeof error.message === 'string' && UNAVAILABLE_PG_MESSAGE.test(error.message);
}

/** True when `error` says the database could not be reached or dropped the connection (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current) || seen.size > 10) continue;
    seen.add(current);
    const shape = current as ErrorShape;
    if (looksUnavailable(shape)) return true;
    pending.push(shape.cause, shape.meta?.driverAdapterError);
  }
  return false;
}
