// What a database holds, and emptying it before a restore: plain catalog SQL that works on PGlite and PostgreSQL.
import type { SqlSession } from '../../db/adapters';

/**
 * Tables whose rows are the schema's own bookkeeping, written by the migrations themselves: a freshly migrated
 * database has rows there and is still empty of anyone's data.
 */
const BOOKKEEPING_TABLES = new Set([
  '_prisma_migrations',
  'data_version',
  'event_view_columns',
  // The record of backups taken says nothing about anyone.
  'backups',
  'backup_lease',
]);

export interface DatabaseContents {
  tables: number;
  /** Tables with rows (bookkeeping aside), with their row counts, largest first. */
  filled: Array<{ table: string; rows: number }>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function describeContents(session: SqlSession): Promise<DatabaseContents> {
  const tables = await session.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const filled: DatabaseContents['filled'] = [];
  for (const { name } of tables) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const [row] = await session.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM public.${quote(name)}`);
    if (row && row.rows > 0) filled.push({ table: name, rows: row.rows });
  }
  return { tables: tables.length, filled: filled.sort((a, b) => b.rows - a.rows) };
}

/**
 * Drops everything in the public schema (tables, views, sequences, functions, types), keeping the schema itself
 * and its owner and grants, so a restore recreates exactly what the backup holds and nothing else. Run it in a
 * transaction: a failure halfway must not leave half a schema.
 */
export async function emptyPublicSchema(session: SqlSession): Promise<void> {
  const statements: string[] = [];
  const relations = await session.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
  );
  const dropOf: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    f: 'FOREIGN TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    S: 'SEQUENCE',
  };
  for (const kind of ['v', 'm', 'r', 'p', 'f', 'S']) {
    for (const relation of relations.filter((item) => item.kind === kind)) {
      statements.push(`DROP ${dropOf[kind]} IF EXISTS public.${quote(relation.name)} CASCADE;`);
    }
  }
  // Dropping the tables takes the functions and types that depend on them along (CASCADE): the rest are looked up
  // after that, so no name of something already gone is used.
  await session.exec(statements.join('\n'));
  const functions = await session.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
  );
  for (const { signature } of functions) await session.exec(`DROP FUNCTION IF EXISTS ${signature} CASCADE;`);
  const types = await session.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t
       JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')`,
  );
  for (const { name } of types) await session.exec(`DROP TYPE IF EXISTS public.${quote(name)} CASCADE;`);
}
