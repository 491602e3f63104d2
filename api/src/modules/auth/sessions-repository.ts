// The sessions table: one row per signed-in browser, keyed by the SHA-256 of its cookie token.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { leanQuery } from '../../db/lean-sql';
import type { DataVersion } from '../../db/data-version-repository';
import { userFromSql, type UserRow, type UserSqlRow } from '../users/users-repository';
import type { Viewer } from '../users/viewer';
import type { MemberStatus } from '../../../../shared/constants';

export interface NewSession {
  /** The SHA-256 of the token: the token itself is never stored. */
  id: string;
  userId: number;
  expiresAt: Date;
  userAgent?: string;
}

export async function insertSession(prisma: Prisma, session: NewSession): Promise<void> {
  await prisma.session.create({ data: session });
}

interface SessionSqlRow {
  session_id: string;
  session_expires_at: Date;
  data_version: string | null;
  data_boundary: Date | string | null;
}

/** A session: its user (as much of the row as the caller asked for), its expiry and the data version. */
export interface SessionRead<User> {
  /** The session's id (the SHA-256 of its token). */
  id: string;
  user: User;
  expiresAt: Date;
  dataVersion: DataVersion;
}

/**
 * Every signed-in request asks this, so it is one hand-written statement, sent past Prisma (db/lean-sql.ts:
 * Prisma 6 compiles each query anew). It also reads the data version and the next event at or after `splitAt`
 * (two index lookups): what a version ETag needs, so a repeat of the list or an event answers 304 after this
 * statement alone. Unknown sessions yield nothing.
 *
 * Each id is looked up on its own (LATERAL), by the sessions' and the users' keys, whatever the planner
 * believes of the tables' sizes: with `s.id = ANY(...)`, a sessions table analysed while nearly empty got a
 * plan that read every user (half the speed, in a freshly seeded bench database).
 */
async function readSessions<Row, User>(
  prisma: Prisma,
  columns: PrismaTypes.Sql,
  toUser: (row: Row) => User,
  sessionIds: readonly string[],
  splitAt: Date,
  statuses: readonly MemberStatus[],
): Promise<Array<SessionRead<User>>> {
  const rows = await leanQuery<Row & SessionSqlRow>(
    prisma,
    PrismaTypes.sql`
    SELECT x.*,
      (SELECT v.version::text FROM data_version v WHERE v.id = 1) AS data_version,
      (SELECT min(e.date) FROM events e WHERE e.date >= ${splitAt}) AS data_boundary
    FROM unnest(${[...sessionIds]}::text[]) AS wanted(id)
    CROSS JOIN LATERAL (
      SELECT s.id AS session_id, ${columns}, s.expires_at AS session_expires_at
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = wanted.id AND u.status = ANY(${[...statuses]}::text[])
    ) x`,
  );
  return rows.map((row) => ({
    id: row.session_id,
    user: toUser(row),
    expiresAt: new Date(row.session_expires_at),
    dataVersion: {
      version: row.data_version ?? '0',
      boundary: row.data_boundary === null ? null : new Date(row.data_boundary),
    },
  }));
}

/**
 * The session's whole user (what the routes' auth gives them), or null for an unknown session or a suspended
 * account: suspension ends its sessions at once, even one a request is carrying right now. A pending account
 * is signed in (it may read and leave its own account; app.ts holds the rest back).
 */
export async function findSessionWithUser(
  prisma: Prisma,
  sessionId: string,
  splitAt: Date,
): Promise<SessionRead<UserRow> | null> {
  const [session] = await readSessions<UserSqlRow, UserRow>(
    prisma,
    PrismaTypes.sql`u.*`,
    userFromSql,
    [sessionId],
    splitAt,
    ['active', 'pending'],
  );
  return session ?? null;
}

/**
 * Several sessions at once, with only who each user is, their admin flag and role: what the hot reads
 * (modules/events/hot-reads.ts) need. Reading and mapping a user's twenty columns would cost more than the
 * rest of a 304. Unknown sessions and accounts that are not active are left out (the routes answer those).
 */
export function findSessionViewers(
  prisma: Prisma,
  sessionIds: readonly string[],
  splitAt: Date,
): Promise<Array<SessionRead<Viewer>>> {
  return readSessions<{ id: number; is_admin: boolean; role: string }, Viewer>(
    prisma,
    PrismaTypes.sql`u.id, u.is_admin, u.role`,
    (row) => ({ id: row.id, isAdmin: row.is_admin, role: row.role }),
    sessionIds,
    splitAt,
    ['active'],
  );
}

export async function deleteSessionById(prisma: Prisma, sessionId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

/** Ends every session of the user (suspension). */
export async function deleteSessionsOfUser(db: Prisma | PrismaTypes.TransactionClient, userId: number): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

export async function deleteSessionsExpiredBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.session.deleteMany({ where: { expiresAt: { lt: before } } });
}
