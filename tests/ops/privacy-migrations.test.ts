// What was stored before names were cleaned and before the audit log kept birth dates to itself is cleaned by the
// migrations that bring those rules in: a database migrated up to just before them, given such data, is migrated
// the rest of the way by the product's own migrator.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type EarlierDatabase } from '../support/migration-steps';

/** The first migration of the privacy round; everything before it is the "old" database. */
const FIRST_NEW = '20261129040000_clean_person_names';

describe('migrations that clean what was stored before (PGlite)', () => {
  let earlier: EarlierDatabase;
  let pglite: PGlite;

  beforeAll(async () => {
    earlier = await databaseBefore(FIRST_NEW);
    pglite = earlier.pglite;
    await pglite.query(
      `INSERT INTO users (id, name, updated_at) VALUES
         (9001, E'Eve <img src=x>\\u202E\\nSupport Team', now()),
         (9002, E'\\u2066\\u200B\\r\\n', now()),
         (9003, 'Ada Lovelace', now())`,
    );
    await pglite.query(
      `INSERT INTO audit_log (actor_id, action, subject_type, subject_id, details) VALUES
         (NULL, 'member.birth_date_changed', 'member', '9001', '{"before": "2012-06-01", "after": "2014-05-10"}'),
         (NULL, 'member.approved', 'member', '9003', '{}')`,
    );
    await earlier.migrateRest();
  });
  afterAll(async () => {
    await earlier?.close();
  });

  it('When names were stored with controls and line breaks, then they are cleaned; a clean one is kept', async () => {
    const rows = (
      await pglite.query<{ id: number; name: string }>('SELECT id, name FROM users WHERE id > 9000 ORDER BY id')
    ).rows;
    expect(rows).toEqual([
      { id: 9001, name: 'Eve <img src=x> Support Team' },
      { id: 9002, name: 'Member' },
      { id: 9003, name: 'Ada Lovelace' },
    ]);
  });

  it('When audit entries held both birth dates, then they say only that it changed', async () => {
    const rows = (
      await pglite.query<{ action: string; details: unknown }>(
        `SELECT action, details FROM audit_log WHERE subject_id IN ('9001', '9003') ORDER BY id`,
      )
    ).rows;
    expect(rows).toEqual([
      { action: 'member.birth_date_changed', details: { birthDate: 'changed' } },
      { action: 'member.approved', details: {} },
    ]);
  });
});
