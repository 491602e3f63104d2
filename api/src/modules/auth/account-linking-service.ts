// Linking a second identity to the signed-in user: a verified Telegram account, or an email that becomes
// a sign-in identity only once its owner opens the confirmation link sent to it (DESIGN §4).
import { MSG } from '../../../../shared/messages';
import type { TelegramAuthData } from '../../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, tooManyRequests } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { hit } from '../../http/rate-limit';
import { randomToken, sha256 } from '../../lib/secrets';
import type { UserRow } from '../users/users-repository';
import type { AuthService } from './auth-service';
import { isBootstrapAdminEmail, linkTelegramToUser } from './identity';

const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Each request sends an email to an address of the user's choosing: keep that from becoming a spam cannon. */
const EMAIL_LINKS_PER_HOUR = 5;

export const EMAIL_TAKEN = 'This email address is already used by another account.';
export const TELEGRAM_ALREADY_LINKED = 'Your account is already linked to a different Telegram account.';

/** Someone else signs in with this email (Google, or a confirmed linked email). */
async function emailBelongsToOther(deps: AppDeps, email: string, userId: number): Promise<boolean> {
  const other = await deps.prisma.user.findFirst({
    where: {
      id: { not: userId },
      OR: [{ googleEmail: email }, { linkedEmail: email, linkedEmailConfirmed: true }],
    },
    select: { id: true },
  });
  return Boolean(other);
}

export function createAccountLinkingService(deps: AppDeps, auth: AuthService) {
  /** Links the Telegram account vouched for by widget data to the user; 409 when it is someone else's. */
  async function linkTelegram(userId: number, authData: TelegramAuthData): Promise<UserRow> {
    const identity = auth.verifyTelegramWidget(authData);
    const outcome = await linkTelegramToUser(deps, userId, identity);
    if (outcome === 'taken') throw conflict(MSG.telegramLinkFailed);
    if (outcome === 'has_other') throw conflict(TELEGRAM_ALREADY_LINKED);
    return deps.prisma.user.findUniqueOrThrow({ where: { id: userId } });
  }

  /**
   * Starts linking an email: it is stored unconfirmed and a one-time link (24 h) is sent to it. `baseUrl`
   * is where the link points when no PUBLIC_URL is configured (the origin the request came to).
   */
  async function requestEmailLink(userId: number, email: string, baseUrl: string): Promise<void> {
    // Counted before the ownership checks: their 409 tells whether an address is a member's, so asking
    // spends the same small budget as sending.
    const withinLimit = await hit(deps.prisma, `email-link:${userId}`, {
      name: 'email-link',
      limit: EMAIL_LINKS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    });
    if (!withinLimit) throw tooManyRequests('Too many email links requested. Please try again in an hour.');
    const user = await deps.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw badRequest('Unknown user');
    if (user.googleEmail === email || (user.linkedEmail === email && user.linkedEmailConfirmed)) {
      throw conflict('This email address is already linked to your account.');
    }
    if (await emailBelongsToOther(deps, email, userId)) throw conflict(EMAIL_TAKEN);
    const token = randomToken();
    await deps.prisma.$transaction([
      deps.prisma.emailLinkRequest.create({
        data: {
          userId,
          email,
          tokenHash: sha256(token),
          expiresAt: new Date(deps.now().getTime() + EMAIL_LINK_TTL_MS),
        },
      }),
      deps.prisma.user.update({ where: { id: userId }, data: { linkedEmail: email, linkedEmailConfirmed: false } }),
    ]);
    const confirmUrl = `${deps.config.publicUrl ?? baseUrl}/api/auth/confirm-email?token=${encodeURIComponent(token)}`;
    await deps.notifications.emailLinkRequested({ userId, email, confirmUrl });
  }

  /** Confirms an email link once; false when the token is unknown, used, expired or superseded. */
  async function confirmEmail(token: string): Promise<boolean> {
    const tokenHash = sha256(token);
    const now = deps.now();
    const request = await deps.prisma.emailLinkRequest.findUnique({ where: { tokenHash } });
    if (!request || request.confirmedAt || request.expiresAt <= now) return false;
    // Single use even when the link is opened twice at once: only one update can match.
    const claimed = await deps.prisma.emailLinkRequest.updateMany({
      where: { id: request.id, confirmedAt: null },
      data: { confirmedAt: now },
    });
    if (claimed.count !== 1) return false;
    const user = await deps.prisma.user.findUnique({ where: { id: request.userId } });
    // The user may have asked to link another address since; only the latest one is confirmed.
    if (!user || user.linkedEmail !== request.email) return false;
    if (await emailBelongsToOther(deps, request.email, user.id)) return false;
    try {
      await deps.prisma.user.update({
        where: { id: user.id },
        data: {
          linkedEmailConfirmed: true,
          ...(isBootstrapAdminEmail(deps, request.email) && !user.isAdmin ? { isAdmin: true } : {}),
        },
      });
    } catch (error) {
      // Another account confirmed the same address a moment ago: the database keeps it to one.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    return true;
  }

  return { linkTelegram, requestEmailLink, confirmEmail };
}
