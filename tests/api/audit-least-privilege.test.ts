// The least-privilege setup on PostgreSQL (DATABASE_OWNER_URL): the owner migrates, and the app's role may only
// read and append to the audit log. Whatever a session of that role tries — UPDATE, DELETE, TRUNCATE, disabling
// the table's triggers, the old "SET LOCAL audit.retention" — the entries stay; the app still works end to end
// as that role, and the retention job still prunes (through audit_log_prune(), with the owner's rights).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody } from '../support/events';
import { withAdmin } from '../support/database-snapshots';
import { TEST_DATABASE_URL } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { pruneExpired } from '../../api/src/system/housekeeping';

const PERMISSION_DENIED = '42501';

describe.skipIf(!TEST_DATABASE_URL)('the audit log under the least-privilege setup on postgres', () => {
  const role = `events_app_${randomBytes(5).toString('hex')}`;
  let app: TestApp;
  /** A session of the app's role, as anyone who got hold of DATABASE_URL would have. */
  let session: pg.Client;

  beforeAll(async () => {
    await withAdmin(TEST_DATABASE_URL!, (admin) => admin.query(`CREATE ROLE ${role} LOGIN`));
    app = await startTestApp('postgres', { appRole: role });
    const url = new URL(app.config.database.kind === 'postgres' ? app.config.database.url : '');
    session = new pg.Client({ connectionString: url.toString() });
    await session.connect();
  });
  afterAll(async () => {
    await session?.end();
    await app?.stop();
    await withAdmin(TEST_DATABASE_URL!, (admin) => admin.query(`DROP ROLE IF EXISTS ${role}`));
  });

  /** The SQLSTATE the statement fails with (null when it succeeds). */
  async function failure(sql: string): Promise<string | null> {
    try {
      await session.query(sql);
      return null;
    } catch (error) {
      return (error as { code?: string }).code ?? 'unknown';
    }
  }

  const entryCount = async () => Number((await session.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n);

  it('When the app runs as its own role, then a request that writes an audit entry works', async () => {
    expect((await session.query('SELECT current_user AS name')).rows[0].name).toBe(role);
    const admin = await app.signedIn({ isAdmin: true, name: 'Avery Admin' });
    const created = await admin.client.post('/api/events', eventBody({ name: 'Least privilege picnic' }));
    expect(created.status).toBe(201);
    expect((await admin.client.delete(`/api/events/${created.body.id}`)).status).toBe(204);
    const listed = await admin.client.get('/api/admin/audit?action=event.deleted');
    expect(listed.status).toBe(200);
    expect(listed.body.entries).toEqual([
      expect.objectContaining({ subject: { type: 'event', id: String(created.body.id) } }),
    ]);
  });

  it('When the app role updates, deletes, truncates or disables the triggers, then it is permission denied', async () => {
    const before = await entryCount();
    expect(before).toBeGreaterThan(0);
    expect(await failure(`UPDATE audit_log SET action = 'x'`)).toBe(PERMISSION_DENIED);
    expect(await failure('DELETE FROM audit_log')).toBe(PERMISSION_DENIED);
    expect(await failure('TRUNCATE audit_log')).toBe(PERMISSION_DENIED);
    expect(await failure('ALTER TABLE audit_log DISABLE TRIGGER ALL')).toBe(PERMISSION_DENIED);
    expect(await failure('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only')).toBe(PERMISSION_DENIED);
    expect(await failure('DROP TRIGGER audit_log_append_only ON audit_log')).toBe(PERMISSION_DENIED);
    expect(await failure('UPDATE audit_retention SET days = 1')).toBe(PERMISSION_DENIED);
    expect(await entryCount()).toBe(before);
  });

  it('When the app role tries the other ways around the trigger, then each is refused and the entries stay', async () => {
    const before = await entryCount();
    const attempts = [
      // Replication mode skips ordinary triggers: only a superuser may set it.
      `SET session_replication_role = replica`,
      // Replacing the trigger's function or the prune function, or taking the table, needs the owner.
      `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`,
      `CREATE OR REPLACE FUNCTION audit_log_prune() RETURNS integer LANGUAGE sql AS $$ DELETE FROM audit_log RETURNING 1 $$`,
      'ALTER TABLE audit_log OWNER TO CURRENT_USER',
      'DROP TABLE audit_log',
      'ALTER TABLE audit_log RENAME TO audit_log_old',
      `CREATE TRIGGER audit_log_wipe AFTER INSERT ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
    ];
    for (const sql of attempts) expect(await failure(sql), sql).toBe(PERMISSION_DENIED);
    // Granting itself more is no error (PostgreSQL only warns that nothing was granted), and grants nothing.
    await session.query('GRANT DELETE, UPDATE, TRUNCATE, TRIGGER ON audit_log TO CURRENT_USER');
    expect(await failure('DELETE FROM audit_log')).toBe(PERMISSION_DENIED);
    // Its own rights on the table: reading and appending, nothing else.
    const rights = await session.query(
      `SELECT privilege_type FROM information_schema.role_table_grants
        WHERE table_name = 'audit_log' AND grantee = current_user ORDER BY privilege_type`,
    );
    expect(rights.rows.map((row: { privilege_type: string }) => row.privilege_type)).toEqual(['INSERT', 'SELECT']);
    expect(await entryCount()).toBe(before);
  });

  it('When the app role sets audit.retention for its transaction, then it still cannot delete an entry', async () => {
    const before = await entryCount();
    await session.query('BEGIN');
    await session.query(`SET LOCAL audit.retention = 'on'`);
    const code = await failure('DELETE FROM audit_log');
    await session.query('ROLLBACK');
    expect(code).toBe(PERMISSION_DENIED);
    expect(await entryCount()).toBe(before);
  });

  it('When housekeeping prunes as the app role, then only entries past the retention go', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 731 * day).toISOString();
    const recent = new Date(Date.now() - 729 * day).toISOString();
    await session.query(
      `INSERT INTO audit_log (at, actor_id, action, subject_type, subject_id, details)
       VALUES ($1, NULL, 'member.approved', 'user', 'lp-old', '{}'), ($2, NULL, 'member.approved', 'user', 'lp-recent', '{}')`,
      [old, recent],
    );
    await pruneExpired(app.deps, app.system.services);
    const left = await session.query(`SELECT subject_id FROM audit_log WHERE subject_id LIKE 'lp-%'`);
    expect(left.rows.map((row: { subject_id: string }) => row.subject_id)).toEqual(['lp-recent']);
    const pruned = await session.query(`SELECT details FROM audit_log WHERE action = 'audit.pruned'`);
    expect(pruned.rows).toEqual([{ details: expect.objectContaining({ count: 1 }) }]);
  });
});
