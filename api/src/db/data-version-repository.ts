// The database-wide data version behind version ETags: one row, bumped once by every transaction
// that writes events, attendances, invitations, comments or event_series, or who sees and leads them (deferred
// triggers, migration 20261124010400_kept_counts and later ones). A cookie session reads it with the session
// check (auth/sessions-repository.ts); this is the one tiny query for everyone else (the Mini App, other answers).
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from './database';
import { leanQuery } from './lean-sql';

export interface DataVersion {
  version: string;
  /**
   * The date of the soonest event at or after `splitAt` (null: none), when asked for: a list split into
   * upcoming and past changes when that event's time passes, with no write at all.
   */
  boundary: Date | null;
}

export async function readDataVersion(prisma: Prisma, splitAt?: Date): Promise<DataVersion> {
  const boundary =
    splitAt === undefined
      ? PrismaTypes.sql`NULL::timestamp`
      : PrismaTypes.sql`(SELECT min(e.date) FROM events e WHERE e.date >= ${splitAt})`;
  const [row] = await leanQuery<{ version: string; boundary: Date | string | null }>(
    prisma,
    PrismaTypes.sql`SELECT v.version::text AS version, ${boundary} AS boundary FROM data_version v WHERE v.id = 1`,
  );
  return {
    version: row?.version ?? '0',
    boundary: row?.boundary === null || row?.boundary === undefined ? null : new Date(row.boundary),
  };
}
