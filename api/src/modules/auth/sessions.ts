// Sessions: a random token in an httpOnly cookie (the website) or in `Authorization: Session <token>` (the Mini
// App); the database keeps only its SHA-256, and both follow the same rules (expiry, logout).
import DataLoader from 'dataloader';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { randomToken, sha256 } from '../../lib/secrets';
import type { DataVersion } from '../../db/data-version-repository';
import type { UserRow } from '../users/users-repository';
import {
  deleteSessionById,
  deleteSessionsExpiredBefore,
  findSessionViewers,
  findSessionWithUser,
  insertSession,
  type SessionRead,
} from './sessions-repository';
import type { Viewer } from '../users/viewer';

export const SESSION_COOKIE = 'sid';

/**
 * The Mini App's session travels in `Authorization: Session <token>`, kept by the app for as long as Telegram
 * keeps it open: Telegram's web views keep cookies unreliably, and Telegram Web shows the app in a cross-site
 * frame, where a SameSite cookie is not sent at all. No other site can make a browser send this header (that
 * would need a CORS preflight, which we never answer), so it cannot be ridden like a cookie.
 */
export const SESSION_SCHEME = 'Session ';

/** Our tokens are base64url (randomToken); anything else cannot be one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The token in `Authorization: Session <token>`: undefined without that header, null when it carries anything
 * that cannot be one of our tokens.
 */
export function readSessionHeader(req: Request): string | null | undefined {
  const header = req.get('authorization');
  if (!header?.startsWith(SESSION_SCHEME)) return undefined;
  const token = header.slice(SESSION_SCHEME.length).trim();
  return TOKEN_SHAPE.test(token) ? token : null;
}

/**
 * A cookie's value as the client sent it, or undefined. cookie-parser turns values starting with "j:" into
 * parsed JSON, so a hostile client could hand us an object where a token is expected.
 */
export function readCookie(req: Request, name: string): string | undefined {
  const value: unknown = req.cookies?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

export async function createSession(deps: AppDeps, userId: number, userAgent?: string): Promise<string> {
  const token = randomToken();
  await insertSession(deps.prisma, {
    id: sha256(token),
    userId,
    expiresAt: new Date(deps.now().getTime() + deps.config.sessionTtlMs),
    userAgent: userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * The user behind a session token, with the data version as of this statement (for version ETags), or null when
 * unknown or expired (one statement: a hot path).
 */
export async function findSession(
  deps: AppDeps,
  token: string,
): Promise<{ user: UserRow; dataVersion: DataVersion } | null> {
  const now = deps.now();
  return unexpired(await findSessionWithUser(deps.prisma, sha256(token), now), now);
}

/** Compared here, not in SQL: the column is a UTC timestamp without zone, and the app's clock is deps.now(). */
function unexpired<User>(session: SessionRead<User> | null | undefined, now: Date) {
  if (!session || session.expiresAt <= now) return null;
  return { user: session.user, dataVersion: session.dataVersion };
}

/** A session's viewer (id and admin flag) and the data version, or null when unknown or expired. */
export type SessionViewerLoader = (token: string) => Promise<{ user: Viewer; dataVersion: DataVersion } | null>;

/**
 * Session checks for the hot reads (modules/events/hot-reads.ts), batched: the checks of requests that arrive
 * together (in one turn of the event loop) go to the database as one statement, so a burst of signed-in reads
 * costs one round trip per turn instead of one per request. Each request's session is still read after it
 * arrived: nothing is cached, and a session deleted before the statement runs is refused.
 */
export function createSessionViewerLoader(deps: AppDeps): SessionViewerLoader {
  const loader = new DataLoader<string, { user: Viewer; dataVersion: DataVersion } | null>(
    async (ids) => {
      const now = deps.now();
      const found = new Map((await findSessionViewers(deps.prisma, ids, now)).map((session) => [session.id, session]));
      return ids.map((id) => unexpired(found.get(id), now));
    },
    // setImmediate, not DataLoader's default (the end of the current tick), which each request has to itself.
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 100 },
  );
  return (token) => loader.load(sha256(token));
}

export async function deleteSession(deps: AppDeps, token: string): Promise<void> {
  await deleteSessionById(deps.prisma, sha256(token));
}

/** httpOnly, SameSite=Lax, and Secure whenever the site is served over HTTPS. */
export const cookieOptions = (deps: AppDeps) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: Boolean(deps.config.publicUrl?.startsWith('https:')),
  path: '/',
});

/** Every sign-in ends here or in startSession: a suspended account gets no session, whichever way it came. */
export function assertMaySignIn(user: Pick<UserRow, 'status'>): void {
  if (user.status === 'suspended') throw forbidden(MSG.accountSuspended);
}

/**
 * Signs the browser in: a fresh session (the old one, if any, is dropped so a planted
 * session id never survives sign-in) and its cookie.
 */
export async function startSession(
  deps: AppDeps,
  req: Request,
  res: Response,
  user: Pick<UserRow, 'id' | 'status'>,
): Promise<void> {
  assertMaySignIn(user);
  const previous = readCookie(req, SESSION_COOKIE);
  if (previous) await deleteSession(deps, previous);
  const token = await createSession(deps, user.id, req.get('user-agent'));
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(deps), maxAge: deps.config.sessionTtlMs });
}

export async function endSession(deps: AppDeps, req: Request, res: Response): Promise<void> {
  const token = readCookie(req, SESSION_COOKIE);
  if (token) await deleteSession(deps, token);
  const carried = readSessionHeader(req);
  if (carried) await deleteSession(deps, carried);
  res.clearCookie(SESSION_COOKIE, cookieOptions(deps));
}

export async function pruneExpiredSessions(deps: AppDeps): Promise<void> {
  await deleteSessionsExpiredBefore(deps.prisma, deps.now());
}
