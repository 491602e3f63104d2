// Driver adapters for Prisma: PostgreSQL through pg, or PGlite (Postgres in WASM) on disk or in memory.
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { PrismaPGlite } from 'pglite-prisma-adapter';
import { pgLeanSql, pgliteLeanSql, type LeanSql } from './lean-sql';

const PG_NAME_OID = 19;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> };

function reportNameAsText(result: unknown): void {
  const fields = (result as QueryResultLike | undefined)?.fields;
  if (!fields) return;
  for (const field of fields) if (field.dataTypeID === PG_NAME_OID) field.dataTypeID = PG_TEXT_OID;
}

/**
 * How long a query waits for a connection (a new one, or a free one from the pool). pg's default is forever,
 * so a database host that stops answering would hang every request; this way they fail, and are answered 503.
 */
const CONNECT_TIMEOUT_MS = 5000;

type Releasable = pg.PoolClient & { release: (error?: Error | boolean) => void };

/**
 * Gives a checked-out client back to the pool (which discards it) when its connection dies. Prisma 6.19 ends
 * a transaction by sending ROLLBACK and only then releasing the client; on a dead connection the ROLLBACK
 * throws and the release never comes, so each transaction cut by a database restart would hold a pool slot
 * forever, until no request could get a connection (tests/api/database-outage.test.ts). The holder's own
 * release later is a no-op.
 */
function releaseClientsWhoseConnectionDies(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      const holder = client as Releasable;
      const release = holder.release;
      holder.release = () => {};
      release(new Error('database connection lost while checked out'));
    });
  });
}

/**
 * A pg.Pool whose clients report columns of type `name` as `text`: @prisma/adapter-pg 6.19 cannot
 * deserialize OID 19, which the migration engine's catalog queries return (docs/decisions/0001).
 */
export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  releaseClientsWhoseConnectionDies(pool);
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (err: unknown, res: unknown) => void;
        args[args.length - 1] = (err: unknown, res: unknown) => {
          reportNameAsText(res);
          callback(err, res);
        };
        return original(...args);
      }
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then((res) => {
          reportNameAsText(res);
          return res;
        });
      }
      return result;
    };
  });
  return pool;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /**
       * The owner's connection (DATABASE_OWNER_URL): the migrator runs with it and grants the role of `url` what
       * the app needs. Without it the role of `url` migrates (and owns) the database itself.
       */
      ownerUrl?: string;
    }
  | {
      kind: 'pglite';
      /** A folder on disk; without it the database lives in memory. */
      dataDir?: string;
      /**
       * A data folder to start from (a tarball from PGlite's dumpDataDir), for an in-memory database only: the
       * tests start each app from one migrated snapshot instead of running initdb every time.
       */
      loadDataDir?: Blob;
    };

/** One database connection, for work that needs a session of its own (the migrator's lock and transaction). */
export interface SqlSession {
  /** Runs a multi-statement SQL script. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised query and returns its rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface OpenedAdapter {
  adapter: PrismaPg | PrismaPGlite;
  /** The same connections without Prisma, for the hot reads (db/lean-sql.ts). */
  lean: LeanSql;
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** The embedded database itself (for PGlite's own tools, such as its pg_dump); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The pool's connections now: checked out, and queries waiting for one (PGlite has no pool: both 0). */
  connections(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  inUse: number;
  waiting: number;
}

export interface AdapterOptions {
  /** Called with the SQL of every query Prisma sends (not the migrator's): lets tests count queries. */
  onQuery?: (sql: string) => void;
  /**
   * Told when an idle pooled connection dies (a database restart, an administrator's terminate). Prisma
   * listens for this only until it disconnects; without a listener of our own, pg's error in the window
   * between Prisma's disconnect and the pool's end would end the process (seen in CI's teardown).
   */
  onPoolError?: (error: Error) => void;
}

type Queryable = object;

/** Wraps an adapter (or a transaction it opens) so each queryRaw/executeRaw is reported first. */
function reportQueries<T extends Queryable>(target: T, onQuery: (sql: string) => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      // Bound to the real object: the adapters' classes may use private fields.
      const method = (value as (...args: unknown[]) => unknown).bind(object);
      if (property === 'queryRaw' || property === 'executeRaw') {
        return (query: { sql: string }, ...rest: unknown[]) => {
          onQuery(query.sql);
          return method(query, ...rest);
        };
      }
      if (property === 'connect' || property === 'startTransaction') {
        return async (...args: unknown[]) => reportQueries((await method(...args)) as Queryable, onQuery);
      }
      return method;
    },
  });
}

/** PGlite has one connection: every session is that one. */
export function pgliteSession(pglite: PGlite): SqlSession {
  return {
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
  };
}

/** PGlite and its adapter load only for the embedded database: a process on PostgreSQL never carries them. */
async function loadPglite() {
  const [{ PGlite }, { PrismaPGlite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    pgliteExtensions(),
  ]);
  return { PGlite, PrismaPGlite, extensions };
}

/**
 * The PostgreSQL extensions the migrations create (pg_trgm: indexed search of the member list), which PGlite
 * loads when it is made: every PGlite that opens our database must be given them.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

export async function openAdapter(
  target: DatabaseTarget,
  poolSize?: number,
  options: AdapterOptions = {},
): Promise<OpenedAdapter> {
  const observe = <T extends Queryable>(adapter: T): T =>
    options.onQuery ? reportQueries(adapter, options.onQuery) : adapter;
  if (target.kind === 'postgres') {
    const pool = createPgPool(target.url, poolSize);
    pool.on('error', (error) => options.onPoolError?.(error));
    return {
      adapter: observe(new PrismaPg(pool)),
      lean: pgLeanSql(pool, options.onQuery),
      async withSession(work) {
        const client = await pool.connect();
        try {
          return await work({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
          });
        } finally {
          client.release();
        }
      },
      pglite: null,
      connections: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { PGlite, PrismaPGlite, extensions } = await loadPglite();
  const pglite = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir, extensions });
  await pglite.waitReady;
  return {
    adapter: observe(new PrismaPGlite(pglite)),
    lean: pgliteLeanSql(pglite, options.onQuery),
    withSession: (work) => work(pgliteSession(pglite)),
    pglite,
    // One connection inside this process, whose queries queue in PGlite itself: no pool to report.
    connections: () => ({ inUse: 0, waiting: 0 }),
    close: () => pglite.close(),
  };
}

/** The adapter factory for prisma.config.ts (the CLI's migrate diff/status). */
export async function createMigrationAdapter(url: string | undefined): Promise<PrismaPg | PrismaPGlite> {
  if (url) return new PrismaPg(createPgPool(url, 2));
  const { PGlite, PrismaPGlite, extensions } = await loadPglite();
  const pglite = new PGlite('./data/pglite', { extensions });
  await pglite.waitReady;
  return new PrismaPGlite(pglite);
}
