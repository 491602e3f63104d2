// Who is calling: a website session cookie, the Mini App's session in `Authorization: Session <token>`, or Mini
// App initData in `Authorization: tma <initData>` (verified on every request, and refused once older than
// TELEGRAM_AUTH_MAX_AGE_SECONDS: the app exchanges it for a session when it opens). Routes ask for `requireUser`
// / `requireAdmin`; the server is the authority.
import type { Request, RequestHandler } from 'express';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import type { DataVersion } from '../../db/data-version-repository';
import { upsertTelegramUser } from './identity';
import { SESSION_COOKIE, findSession, readCookie, readSessionHeader } from './sessions';
import { verifyInitData, type VerifiedInitData } from './telegram-verify';
import type { UserRow } from '../users/users-repository';
import { forbidden, unauthenticated, type ErrorMessage } from '../../../../shared/errors';

export interface AuthState {
  user: UserRow;
  /** `session`: the Mini App's session, carried in the Authorization header. */
  via: 'cookie' | 'tma' | 'session';
  startParam?: string;
  /** The Telegram app's language (initData's user.language_code), for a member who has not chosen one. */
  telegramLanguage?: string;
  /** Read with the session (cookie or header): version ETags need no query of their own. */
  dataVersion?: DataVersion;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthState;
  }
}

/**
 * `onMiniAppLaunch` learns from each initData whether the bot may write to the member (allows_write_to_pm) and
 * answers the user as stored afterwards; the composition root hands in the Telegram module's.
 */
export function authenticate(
  deps: AppDeps,
  onMiniAppLaunch: (user: UserRow, initData: VerifiedInitData) => Promise<UserRow>,
): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (header?.startsWith('tma ')) {
      const token = deps.config.telegram.botToken;
      const verified = token
        ? verifyInitData(header.slice(4), token, deps.config.telegram.authMaxAgeSeconds, deps.now())
        : null;
      if (!verified) return next(unauthenticated(MSG.miniAppDataInvalid));
      // Each launch also tells whether the bot may write to them (allows_write_to_pm).
      const launched = await upsertTelegramUser(deps, verified.user);
      // initData proves who it is on every request: a suspended account's open Mini App stops at once.
      if (launched.status === 'suspended') return next(forbidden(MSG.accountSuspended));
      const user = await onMiniAppLaunch(launched, verified);
      req.auth = { user, via: 'tma', startParam: verified.startParam, telegramLanguage: verified.user.language_code };
      return next();
    }
    const carried = readSessionHeader(req);
    if (carried !== undefined) {
      // A session named in the header that is not one signs nobody in: the cookie does not stand in for it.
      const session = carried ? await findSession(deps, carried) : null;
      if (session) req.auth = { user: session.user, via: 'session', dataVersion: session.dataVersion };
      return next();
    }
    const token = readCookie(req, SESSION_COOKIE);
    if (token) {
      const session = await findSession(deps, token);
      if (session) req.auth = { user: session.user, via: 'cookie', dataVersion: session.dataVersion };
    }
    next();
  };
}

/**
 * What a pending account may do: sign in and out, read, export and delete its own account, and join with an
 * invite link. Everything else is held back here, in one place, whatever the route's own checks say.
 */
const PENDING_ALLOWED: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ['GET', /^\/users\/me$/],
  ['GET', /^\/users\/me\/export$/],
  ['DELETE', /^\/users\/me$/],
  ['POST', /^\/users\/me\/join$/],
  ['GET', /^\/invites\/[A-Za-z0-9_-]+$/],
  ['POST', /^\/auth\/logout$/],
  // Signing in again (another browser, the Mini App's session exchange) is not a member call.
  ['GET', /^\/auth\/config$/],
  ['POST', /^\/auth\/(state|login|telegram-login|telegram-miniapp)$/],
  ['GET', /^\/telegram\/bot-info$/],
  ['POST', /^\/telegram\/register-login$/],
  ['GET', /^\/telegram\/check-login\/[^/]+$/],
  ['HEAD', /^\/telegram\/check-login\/[^/]+$/],
  ['GET', /^\/health$/],
  // A guardian asked to consent may be a new account waiting for approval: consenting admits it (as a guardian).
  ['GET', /^\/guardian\/consent$/],
  ['POST', /^\/guardian\/consent$/],
];

/** 403 for every call of a pending account but those in PENDING_ALLOWED; mounted right after authenticate. */
export const holdPendingMembers: RequestHandler = (req, _res, next) => {
  if (req.auth?.user.status !== 'pending') return next();
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  const allowed = PENDING_ALLOWED.some(([method, pattern]) => method === req.method && pattern.test(path));
  next(allowed ? undefined : forbidden(MSG.membershipPending));
};

/**
 * What a guardian account may do: sign in and out, its own account and how it is reached, the guardian pages,
 * reply for a child (POST /events/{id}/attend, which checks the child is theirs) with the event's questions
 * answered (read only of an event the child may see, and the child's answers only with forUserId), and pay the
 * children's fees (POST /events/{id}/payments/checkout with forUserIds, checked the same). It sees nothing else of
 * the organisation: no calendar feed either, whose link would list the events without a session.
 */
const GUARDIAN_ALLOWED: ReadonlyArray<readonly [method: string | null, path: RegExp]> = [
  [null, /^\/users\/me$/],
  [null, /^\/users\/me\/(export|preferences|language|phone\/verification|phone\/verify|birth-date|guardians)$/],
  [null, /^\/guardian\/.+$/],
  [null, /^\/auth\/.+$/],
  ['POST', /^\/events\/\d{1,10}\/attend$/],
  // Paying a child's fee online (the route checks each child is theirs, and refuses the guardian's own).
  ['POST', /^\/events\/\d{1,10}\/payments\/checkout$/],
  ['PUT', /^\/events\/\d{1,10}\/answers$/],
  ['GET', /^\/events\/\d{1,10}\/(questions|answers)$/],
  ['GET', /^\/telegram\/bot-info$/],
  ['POST', /^\/telegram\/register-login$/],
  ['GET', /^\/telegram\/check-login\/[^/]+$/],
  ['HEAD', /^\/telegram\/check-login\/[^/]+$/],
  ['GET', /^\/health$/],
];

/** 403 for every call of a guardian account but those in GUARDIAN_ALLOWED; mounted after holdPendingMembers. */
export const holdGuardianAccounts: RequestHandler = (req, _res, next) => {
  if (req.auth?.user.role !== 'guardian') return next();
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  const allowed = GUARDIAN_ALLOWED.some(
    ([method, pattern]) => (method === null || method === req.method) && pattern.test(path),
  );
  next(allowed ? undefined : forbidden(MSG.guardianAccountOnly));
};

export const requireUser: RequestHandler = (req, _res, next) => next(req.auth ? undefined : unauthenticated());

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(unauthenticated());
  next(req.auth.user.isAdmin ? undefined : forbidden(MSG.adminOnly));
};

/**
 * Only the website's cookie session passes. The Mini App's session token and its initData are bearer proofs
 * that live inside a Telegram client (a web view, a shared log, a forwarded debug dump): a leaked one signs its
 * holder in as the member, and must not open what the docs keep to the website (the whole-membership backup).
 * Anonymous callers get the usual 401; `message` says where the thing can be had instead.
 */
export function requireWebsiteSession(message: ErrorMessage): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(unauthenticated());
    next(req.auth.via === 'cookie' ? undefined : forbidden(message));
  };
}

/** The signed-in user; only call behind requireUser. */
export function currentUser(req: Request): UserRow {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}
