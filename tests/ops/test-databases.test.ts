// The test suite on a PostgreSQL server other runs share (another checkout, a second CI job): a run drops the
// databases it made and abandoned ones nobody is connected to, and never a database another run is using.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropRunDatabases, newRunId, runDatabasePrefix, withAdmin } from '../support/database-snapshots';
import { createTestDatabase } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';

const TWO_HOURS_AGO = () => new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();

describe.skipIf(!TEST_DATABASE_URL)('test databases on a shared PostgreSQL', () => {
  const adminUrl = TEST_DATABASE_URL!;
  const made: string[] = [];
  const clients: pg.Client[] = [];

  /** A database of another run, dated `made`, as that run's helper would have left it. */
  async function otherRunsDatabase(dated: string): Promise<string> {
    const name = `${runDatabasePrefix(newRunId())}${randomBytes(6).toString('hex')}`;
    await withAdmin(adminUrl, async (admin) => {
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${dated}'`);
    });
    made.push(name);
    return name;
  }

  async function connectTo(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
    // The run ends the connections to its own databases: the server's goodbye is expected, not a failure.
    client.on('error', () => {});
    await client.connect();
    clients.push(client);
  }

  const exists = (name: string) =>
    withAdmin(adminUrl, async (admin) => {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      return rowCount === 1;
    });

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await withAdmin(adminUrl, async (admin) => {
      for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  it('When a run ends, then it drops its own databases, even connected, and abandoned ones, but not one another run uses', async () => {
    const runId = newRunId();
    const ownName = `${runDatabasePrefix(runId)}${randomBytes(6).toString('hex')}`;
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${ownName}`));
    made.push(ownName);
    await connectTo(ownName);
    const inUse = await otherRunsDatabase(TWO_HOURS_AGO());
    await connectTo(inUse);
    const abandoned = await otherRunsDatabase(TWO_HOURS_AGO());
    const recent = await otherRunsDatabase(new Date().toISOString());

    await dropRunDatabases(adminUrl, runId);

    expect(await exists(ownName)).toBe(false);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(inUse)).toBe(true);
    expect(await exists(recent)).toBe(true);
  });

  it("When a test makes a database, then its name carries this run's id and its date", async () => {
    const database = await createTestDatabase('postgres');
    try {
      if (database.target.kind !== 'postgres') throw new Error('a PostgreSQL database was asked for');
      const name = new URL(database.target.url).pathname.slice(1);
      expect(name.startsWith(runDatabasePrefix())).toBe(true);
      const dated = await withAdmin(adminUrl, async (admin) => {
        const { rows } = await admin.query<{ made: string }>(
          "SELECT shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname = $1",
          [name],
        );
        return Date.parse(rows[0]!.made);
      });
      expect(Math.abs(Date.now() - dated)).toBeLessThan(10 * 60 * 1000);
    } finally {
      await database.drop();
    }
  });
});
