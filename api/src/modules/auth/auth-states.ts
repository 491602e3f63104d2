// Server-issued, single-use state for sign-in and linking (DESIGN §4): nothing that signs someone in or
// links an account completes from a URL alone. The login dialog and the Link buttons ask for a state; it is
// bound to this browser (the hash of an httpOnly cookie) and, for linking, to the signed-in user; the
// Telegram callback, telegram-login, link-accounts and register-login spend it. A cross-site page can send
// a victim to the callback URL, but it cannot make the victim's browser hold the cookie matching its state.
import type { Request, Response } from 'express';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../../../shared/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { deleteAuthStatesExpiredBefore, insertAuthState, spendAuthState } from './auth-states-repository';
import { readCookie } from './sessions';

export type AuthPurpose = 'login' | 'link';

/** The browser-binding cookie: sent only to the API, never to a cross-site request. */
export const BROWSER_COOKIE = 'auth_browser';
const BROWSER_COOKIE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Long enough to find the Telegram button and confirm in Telegram; the dialog asks for a fresh one sooner. */
export const AUTH_STATE_TTL_MS = 30 * 60 * 1000;

export const STATE_REFUSED = MSG.authStateRefused;
export const stateRefused = () => forbidden(STATE_REFUSED);

/** The hash that binds state to this browser, or null when it has no binding cookie. */
export function browserHash(req: Request): string | null {
  const token = readCookie(req, BROWSER_COOKIE);
  return token ? sha256(token) : null;
}

/** The browser's binding hash, setting the cookie first when the browser has none. */
export function ensureBrowserHash(deps: AppDeps, req: Request, res: Response): string {
  const existing = browserHash(req);
  if (existing) return existing;
  const token = randomToken();
  res.cookie(BROWSER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: Boolean(deps.config.publicUrl?.startsWith('https:')),
    path: '/api',
    maxAge: BROWSER_COOKIE_MAX_AGE_MS,
  });
  return sha256(token);
}

export function createAuthStates(deps: Pick<AppDeps, 'config' | 'now' | 'prisma'>) {
  /** A new state for a sign-in or link this browser is starting. */
  async function issue(input: { browserHash: string; purpose: AuthPurpose; userId?: number }) {
    const id = randomToken(24);
    const expiresAt = new Date(deps.now().getTime() + AUTH_STATE_TTL_MS);
    await insertAuthState(deps.prisma, {
      id,
      browserHash: input.browserHash,
      purpose: input.purpose,
      userId: input.purpose === 'link' ? (input.userId ?? null) : null,
      expiresAt,
    });
    return { state: id, expiresAt };
  }

  /**
   * Spends a state: it must exist, be unused and unexpired, have this purpose, belong to this browser and
   * (for linking) to the signed-in user. Throws 403 otherwise. Only one of two parallel calls can spend it.
   */
  async function spend(input: {
    state: unknown;
    browserHash: string | null;
    purpose: AuthPurpose;
    userId?: number;
  }): Promise<void> {
    const { state, purpose } = input;
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(state) || !input.browserHash) {
      throw stateRefused();
    }
    const spent = await spendAuthState(
      deps.prisma,
      {
        id: state,
        browserHash: input.browserHash,
        purpose,
        // A link state must belong to the signed-in user; -1 matches no one when nobody is signed in.
        ...(purpose === 'link' ? { userId: input.userId ?? -1 } : {}),
      },
      deps.now(),
    );
    if (!spent) throw stateRefused();
  }

  /** Housekeeping: forgets states that expired more than a day ago. */
  async function prune(): Promise<number> {
    const before = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000);
    return deleteAuthStatesExpiredBefore(deps.prisma, before);
  }

  return { issue, spend, prune };
}

export type AuthStates = ReturnType<typeof createAuthStates>;
