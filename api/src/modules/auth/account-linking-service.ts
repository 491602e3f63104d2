// Linking a second identity to the signed-in user: a verified Telegram account, or an email that becomes
// a sign-in identity only once its owner opens the confirmation link sent to it (DESIGN §4).
import { MSG } from '../../../../shared/messages';
import type { Language } from '../../../../shared/i18n/languages';
import type { TelegramAuthData } from '../../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { conflict, invalid, rateLimited } from '../../../../shared/errors';
import { isUniqueViolation } from '../../db/errors';
import { hit } from '../../http/rate-limit';
import { oneLine } from '../../lib/display-text';
import { randomToken, sha256 } from '../../lib/secrets';
import { findUserById, type UserRow } from '../users/users-repository';
import type { AuthService } from './auth-service';
import {
  claimEmailLinkRequest,
  confirmLinkedEmail,
  emailBelongsToOther,
  findEmailLinkRequest,
  storeEmailLinkRequest,
} from './email-link-requests-repository';
import { isBootstrapAdminEmail, linkTelegramToUser } from './identity';
import { findUserByIdOrThrow } from './users-identity-repository';
import type { EmailLinkRequester, SignInWay } from './email-link-requester';

const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Each request sends an email to an address of the user's choosing: keep that from becoming a spam cannon. */
const EMAIL_LINKS_PER_HOUR = 5;

export const EMAIL_TAKEN = MSG.emailTaken;
export const TELEGRAM_ALREADY_LINKED = MSG.telegramAlreadyLinked;

/**
 * How the confirmation email and page name the account asking for an address: its name and how it signs in.
 * A Google account is not named by its address, which the reader of someone else's mistyped address has no
 * business learning.
 */
export function describeRequester(user: UserRow): EmailLinkRequester {
  const ways: SignInWay[] = [];
  if (user.telegramId) {
    ways.push({ kind: 'telegram', username: user.telegramUsername ? oneLine(user.telegramUsername, 40) : null });
  }
  if (user.googleSub || user.googleEmail || (user.linkedEmail && user.linkedEmailConfirmed))
    ways.push({ kind: 'google' });
  if (user.isDemo) ways.push({ kind: 'demo' });
  return { name: oneLine(user.name), ways };
}

/** An email link its owner may still confirm: the address and the account that asked. */
export interface PendingEmailLink {
  email: string;
  requester: EmailLinkRequester;
}

export function createAccountLinkingService(deps: AppDeps, auth: AuthService) {
  /** Links the Telegram account vouched for by widget data to the user; 409 when it is someone else's. */
  async function linkTelegram(userId: number, authData: TelegramAuthData): Promise<UserRow> {
    const identity = auth.verifyTelegramWidget(authData);
    const outcome = await linkTelegramToUser(deps, userId, identity);
    if (outcome === 'taken') throw conflict(MSG.telegramLinkFailed);
    if (outcome === 'has_other') throw conflict(TELEGRAM_ALREADY_LINKED);
    return findUserByIdOrThrow(deps.prisma, userId);
  }

  /**
   * Starts linking an email: it is stored unconfirmed and a one-time link (24 h) is sent to it. `baseUrl`
   * is where the link points when no PUBLIC_URL is configured (the origin the request came to). The email is in
   * `language`, the request's (null: the organisation's): the asker is likely its reader, or shares their language.
   */
  async function requestEmailLink(
    userId: number,
    email: string,
    baseUrl: string,
    language: Language | null = null,
  ): Promise<void> {
    // Counted before the ownership checks: their 409 tells whether an address is a member's, so asking
    // spends the same small budget as sending.
    const withinLimit = await hit(deps.prisma, `email-link:${userId}`, {
      name: 'email-link',
      limit: EMAIL_LINKS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    });
    if (!withinLimit) throw rateLimited(MSG.emailLinksTooMany);
    const user = await findUserById(deps.prisma, userId);
    if (!user) throw invalid(MSG.unknownUser);
    if (user.googleEmail === email || (user.linkedEmail === email && user.linkedEmailConfirmed)) {
      throw conflict(MSG.emailAlreadyYours);
    }
    if (await emailBelongsToOther(deps.prisma, email, userId)) throw conflict(EMAIL_TAKEN);
    const token = randomToken();
    const confirmUrl = `${deps.config.publicUrl ?? baseUrl}/api/auth/confirm-email?token=${encodeURIComponent(token)}`;
    // The request and the email that carries its link commit together (DESIGN §5).
    await storeEmailLinkRequest(
      deps.prisma,
      { userId, email, tokenHash: sha256(token), expiresAt: new Date(deps.now().getTime() + EMAIL_LINK_TTL_MS) },
      (tx) =>
        deps.notifications.emailLinkRequested(
          { userId, email, confirmUrl, requester: describeRequester(user), language },
          tx,
        ),
    );
  }

  /**
   * What the confirmation page shows before its owner decides: the address and who asked; null when the token
   * could not confirm anything (unknown, used, expired, or superseded by a later request).
   */
  async function pendingEmailLink(token: string): Promise<PendingEmailLink | null> {
    const request = await findEmailLinkRequest(deps.prisma, sha256(token));
    if (!request || request.confirmedAt || request.expiresAt <= deps.now()) return null;
    const user = await findUserById(deps.prisma, request.userId);
    if (!user || user.linkedEmail !== request.email || user.linkedEmailConfirmed) return null;
    return { email: request.email, requester: describeRequester(user) };
  }

  /** Confirms an email link once; false when the token is unknown, used, expired or superseded. */
  async function confirmEmail(token: string): Promise<boolean> {
    const tokenHash = sha256(token);
    const now = deps.now();
    const request = await findEmailLinkRequest(deps.prisma, tokenHash);
    if (!request || request.confirmedAt || request.expiresAt <= now) return false;
    // Single use even when the link is opened twice at once: only one update can match.
    if (!(await claimEmailLinkRequest(deps.prisma, request.id, now))) return false;
    const user = await findUserById(deps.prisma, request.userId);
    // The user may have asked to link another address since; only the latest one is confirmed.
    if (!user || user.linkedEmail !== request.email) return false;
    if (await emailBelongsToOther(deps.prisma, request.email, user.id)) return false;
    try {
      await confirmLinkedEmail(deps.prisma, user.id, isBootstrapAdminEmail(deps, request.email) && !user.isAdmin);
    } catch (error) {
      // Another account confirmed the same address a moment ago: the database keeps it to one.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    return true;
  }

  return { linkTelegram, requestEmailLink, pendingEmailLink, confirmEmail };
}

export type AccountLinkingService = ReturnType<typeof createAccountLinkingService>;
