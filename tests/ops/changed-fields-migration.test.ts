// A notification job queued before "what changed" became keys held an English phrase. A database migrated up to
// just before that, with such jobs waiting, is migrated the rest of the way by the product's own migrator: each
// job then holds the keys its phrase named, and the worker words them in every language as for a new job.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUpdate, isEventChange } from '../../api/src/modules/notifications/templates';
import { databaseBefore, type EarlierDatabase } from '../support/migration-steps';

const FIRST_NEW = '20261130010000_job_changed_fields';

/** Every phrase the events service wrote, and one it never did. */
const QUEUED = [
  'date and location changed',
  'details updated',
  'date, visibility and details changed',
  'location changed',
  'something else',
];

describe('jobs queued with an English "what changed" (PGlite)', () => {
  let earlier: EarlierDatabase;
  let pglite: PGlite;

  beforeAll(async () => {
    earlier = await databaseBefore(FIRST_NEW);
    pglite = earlier.pglite;
    for (const [index, phrase] of QUEUED.entries()) {
      await pglite.query(
        `INSERT INTO notification_jobs (kind, event_id, update_type) VALUES ('event_updated', $1, $2)`,
        [index + 1, phrase],
      );
    }
    await pglite.query(`INSERT INTO notification_jobs (kind, event_id) VALUES ('invited', 99)`);
    await earlier.migrateRest();
  });
  afterAll(async () => {
    await earlier?.close();
  });

  it('When the migrator runs, then each waiting job holds the keys its phrase named', async () => {
    const rows = (
      await pglite.query<{ changed_fields: string[] }>('SELECT changed_fields FROM notification_jobs ORDER BY id')
    ).rows;
    expect(rows.map((row) => row.changed_fields)).toEqual([
      ['date', 'location'],
      ['details'],
      ['date', 'isPublic', 'details'],
      ['location'],
      ['details'],
      [],
    ]);
  });

  it('When such a job is worded, then English reads as it was queued and German says the same', async () => {
    const rows = (
      await pglite.query<{ changed_fields: string[] }>(
        "SELECT changed_fields FROM notification_jobs WHERE kind = 'event_updated' ORDER BY id",
      )
    ).rows;
    const keys = rows.map((row) => row.changed_fields.filter(isEventChange));
    expect(keys.map((changes) => describeUpdate(changes, 'en'))).toEqual([
      'date and location changed',
      'details updated',
      'date, visibility and details changed',
      'location changed',
      'details updated',
    ]);
    expect(describeUpdate(keys[2]!, 'de')).toBe(describeUpdate(['date', 'isPublic', 'details'], 'de'));
    expect(describeUpdate(keys[2]!, 'de')).not.toMatch(/visibility|date|details/);
  });
});
