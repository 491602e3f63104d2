// The sessions table: one row per signed-in browser, keyed by the SHA-256 of its cookie token.
import type { Prisma } from '../../db/database';
import { userFromSql, type UserRow, type UserSqlRow } from '../users/users-repository';

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

/**
 * The session's user and expiry, or null for an unknown session. Every signed-in request asks this, so it is
 * one hand-written statement (Prisma 6 compiles each ORM query anew, which costs more than the query).
 */
export async function findSessionWithUser(
  prisma: Prisma,
  sessionId: string,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const rows = await prisma.$queryRaw<Array<UserSqlRow & { session_expires_at: Date }>>`
    SELECT u.*, s.expires_at AS session_expires_at FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId}`;
  const row = rows[0];
  return row ? { user: userFromSql(row), expiresAt: new Date(row.session_expires_at) } : null;
}

export async function deleteSessionById(prisma: Prisma, sessionId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

export async function deleteSessionsExpiredBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.session.deleteMany({ where: { expiresAt: { lt: before } } });
}
