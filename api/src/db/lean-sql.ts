// The hot reads' way to the database: a statement built with Prisma's sql`` template, sent straight
// to the driver. Prisma 6.19 runs even $queryRaw through its query compiler (WebAssembly) on every call, which
// costs more than the query on the list and the session check. On PostgreSQL each statement is a named prepared
// statement (parsed and planned once per connection); PGlite runs it as it is. Only repositories use it.
import type { PGlite } from '@electric-sql/pglite';
import type { Prisma as PrismaTypes } from '@prisma/client';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Prisma } from './prisma-client';

export interface LeanSql {
  query<T>(statement: PrismaTypes.Sql): Promise<T[]>;
}

const TIMESTAMP_OID = 1114;

/** Timestamps without a zone are UTC, as Prisma reads them (not the process's local time). */
const utcTimestamp = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);

/**
 * Dates go as ISO strings in UTC: a column without a zone takes the wall time and ignores the Z, one with a zone
 * reads the Z; either way the same instant as Prisma sends.
 */
const toParameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A prepared statement's name: the same text always gets the same name (pg refuses one name for two texts). */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lean_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // Statement texts come from code, not input: a handful. The bound keeps a mistake from growing forever.
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

export function pgLeanSql(pool: pg.Pool, onQuery?: (sql: string) => void): LeanSql {
  const getTypeParser = (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID ? utcTimestamp : pg.types.getTypeParser(oid, format ?? 'text');
  const types = { getTypeParser } as pg.CustomTypesConfig;
  return {
    async query<T>(statement: PrismaTypes.Sql) {
      // Prisma's Sql builds `text` anew on every read: once per query is enough.
      const text = statement.text;
      onQuery?.(text);
      const result = await pool.query({
        name: nameOf(text),
        text,
        values: statement.values.map(toParameter),
        types,
      });
      return result.rows as T[];
    },
  };
}

export function pgliteLeanSql(pglite: PGlite, onQuery?: (sql: string) => void): LeanSql {
  const options = { parsers: { [TIMESTAMP_OID]: utcTimestamp } };
  return {
    async query<T>(statement: PrismaTypes.Sql) {
      onQuery?.(statement.text);
      return (await pglite.query<T>(statement.text, statement.values.map(toParameter), options)).rows;
    },
  };
}

/** Where a client made by db/database.ts carries its lean path (a property of that client, not a registry). */
const LEAN = Symbol('leanSql');

/** Called once where the client is made (db/database.ts). */
export function attachLeanSql(prisma: Prisma, lean: LeanSql): void {
  Object.defineProperty(prisma, LEAN, { value: lean });
}

/**
 * Runs `statement` on the lean path; a client without one (a transaction's, a test's own) runs it through
 * Prisma, with the same result shape.
 */
export function leanQuery<T>(prisma: Prisma | PrismaTypes.TransactionClient, statement: PrismaTypes.Sql): Promise<T[]> {
  const lean = (prisma as { [LEAN]?: LeanSql })[LEAN];
  return lean ? lean.query<T>(statement) : (prisma.$queryRaw(statement) as Promise<T[]>);
}
