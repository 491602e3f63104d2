// The manual Telegram login (SPEC §4 "manual mode"; DESIGN §4): a device-code flow. The browser registers
// a random login id and gets a cookie that binds the code to it; the user opens the bot, which shows where
// the request came from and asks Confirm / Not me; the registering browser — and only it — then collects
// the result once. Codes expire after TELEGRAM_LOGIN_CODE_TTL_SECONDS.
import { timingSafeEqual } from 'node:crypto';
import { MSG } from '../../../../shared/messages';
import { isUniqueViolation } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { conflict } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { linkTelegramToUser, upsertTelegramUser, type TelegramIdentity } from '../auth/identity';
import { telegramDisplayName } from '../auth/telegram-verify';
import type { UserRow } from '../users/users-repository';

export type LoginCodeStatus = 'pending' | 'complete' | 'rejected' | 'consumed' | 'expired';
export type LoginCodePurpose = 'login' | 'link';

export interface LoginCodeDescription {
  status: LoginCodeStatus;
  userAgent: string | null;
  createdAt: Date;
  purpose: LoginCodePurpose;
}

export type ConfirmOutcome = 'confirmed' | 'unknown' | 'expired' | 'already_decided';
export type RejectOutcome = 'rejected' | 'unknown' | 'expired' | 'already_decided';

export type CollectResult =
  | { status: 'pending' }
  | { status: 'complete'; purpose: LoginCodePurpose; telegramId: string; username: string | null; user: UserRow };

export interface RegisterInput {
  loginId: string;
  purpose: LoginCodePurpose;
  /** The signed-in user who asked to link (purpose 'link' only). */
  linkUserId?: number;
  userAgent?: string;
}

/** After Confirm the waiting browser (polling every 3 s) still gets this long to collect, even near expiry. */
const COLLECT_GRACE_MS = 60_000;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createLoginCodesService(deps: AppDeps) {
  const ttlMs = deps.config.telegram.loginCodeTtlSeconds * 1000;

  const find = (loginId: string) => deps.prisma.telegramLoginRequest.findUnique({ where: { id: loginId } });

  function statusOf(request: { status: LoginCodeStatus; expiresAt: Date }, now: Date): LoginCodeStatus {
    if ((request.status === 'pending' || request.status === 'complete') && request.expiresAt <= now) return 'expired';
    return request.status;
  }

  /**
   * Registers a login id for this browser. Returns the browser token the caller must keep in a cookie
   * (only its hash is stored). 409 when the id is taken.
   */
  async function register(input: RegisterInput): Promise<{ browserToken: string; expiresAt: Date }> {
    const browserToken = randomToken();
    const expiresAt = new Date(deps.now().getTime() + ttlMs);
    const taken = () => conflict('This login ID is already in use. Please start again.');
    if (await find(input.loginId)) throw taken();
    try {
      await deps.prisma.telegramLoginRequest.create({
        data: {
          id: input.loginId,
          browserTokenHash: sha256(browserToken),
          userAgent: input.userAgent?.slice(0, 300) || null,
          purpose: input.purpose,
          linkUserId: input.purpose === 'link' ? (input.linkUserId ?? null) : null,
          expiresAt,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return { browserToken, expiresAt };
  }

  /** What the bot shows before asking Confirm / Not me; null for an unknown id. */
  async function describe(loginId: string): Promise<LoginCodeDescription | null> {
    const request = await find(loginId);
    if (!request) return null;
    return {
      status: statusOf(request, deps.now()),
      userAgent: request.userAgent,
      createdAt: request.createdAt,
      purpose: request.purpose === 'link' ? 'link' : 'login',
    };
  }

  /** The request when it still waits for the bot's answer; otherwise why the bot cannot decide it. */
  async function awaitingDecision(loginId: string, now: Date) {
    const request = await find(loginId);
    if (!request) return { refusal: 'unknown' as const };
    const status = statusOf(request, now);
    if (status === 'expired') return { refusal: 'expired' as const };
    if (status !== 'pending') return { refusal: 'already_decided' as const };
    return { request, refusal: null };
  }

  /** The bot's Confirm: this Telegram account approves the waiting browser. */
  async function confirm(loginId: string, tg: TelegramIdentity): Promise<ConfirmOutcome> {
    const now = deps.now();
    const { request, refusal } = await awaitingDecision(loginId, now);
    if (!request) return refusal;
    const graceEnd = new Date(now.getTime() + COLLECT_GRACE_MS);
    const decided = await deps.prisma.telegramLoginRequest.updateMany({
      where: { id: loginId, status: 'pending', expiresAt: { gt: now } },
      data: {
        status: 'complete',
        telegramId: String(tg.id),
        telegramUsername: tg.username ?? null,
        telegramName: telegramDisplayName(tg.first_name, tg.last_name).slice(0, 200) || null,
        decidedAt: now,
        expiresAt: request.expiresAt > graceEnd ? request.expiresAt : graceEnd,
      },
    });
    if (decided.count === 1) return 'confirmed';
    return (await describe(loginId))?.status === 'expired' ? 'expired' : 'already_decided';
  }

  /** The bot's "Not me": the waiting browser gets nothing, ever. */
  async function reject(loginId: string): Promise<RejectOutcome> {
    const now = deps.now();
    const { refusal } = await awaitingDecision(loginId, now);
    if (refusal) return refusal;
    const decided = await deps.prisma.telegramLoginRequest.updateMany({
      where: { id: loginId, status: 'pending', expiresAt: { gt: now } },
      data: { status: 'rejected', decidedAt: now },
    });
    if (decided.count === 1) return 'rejected';
    return (await describe(loginId))?.status === 'expired' ? 'expired' : 'already_decided';
  }

  /**
   * The registering browser asks for the outcome. null (answered 404, revealing nothing) when the id is
   * unknown, expired, rejected, already collected, or asked by another browser. A confirmed code is
   * collected exactly once: it signs the browser in ('login') or links the Telegram account ('link').
   */
  async function collect(loginId: string, browserToken: string | undefined, signedInUserId?: number) {
    const now = deps.now();
    const request = await find(loginId);
    if (!request || !browserToken || !sameHash(request.browserTokenHash, sha256(browserToken))) return null;
    const status = statusOf(request, now);
    if (status === 'pending') return { status: 'pending' } satisfies CollectResult;
    if (status !== 'complete' || !request.telegramId) return null;
    if (request.purpose === 'link' && (!request.linkUserId || request.linkUserId !== signedInUserId)) return null;

    // Single use even under parallel polls: only one update can move it from complete to consumed.
    const consumed = await deps.prisma.telegramLoginRequest.updateMany({
      where: { id: loginId, status: 'complete', expiresAt: { gt: now } },
      data: { status: 'consumed' },
    });
    if (consumed.count !== 1) return null;

    const identity: TelegramIdentity = {
      id: request.telegramId,
      first_name: request.telegramName ?? '',
      username: request.telegramUsername ?? undefined,
    };
    let user: UserRow;
    if (request.purpose === 'link' && request.linkUserId) {
      const outcome = await linkTelegramToUser(deps, request.linkUserId, identity);
      if (outcome !== 'linked') throw conflict(MSG.telegramLinkFailed);
      user = await deps.prisma.user.findUniqueOrThrow({ where: { id: request.linkUserId } });
    } else {
      user = await upsertTelegramUser(deps, identity);
    }
    return {
      status: 'complete',
      purpose: request.purpose === 'link' ? 'link' : 'login',
      telegramId: request.telegramId,
      username: request.telegramUsername,
      user,
    } satisfies CollectResult;
  }

  /** Housekeeping: forgets codes that expired more than a day ago. */
  async function prune(): Promise<number> {
    const before = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000);
    const { count } = await deps.prisma.telegramLoginRequest.deleteMany({ where: { expiresAt: { lt: before } } });
    return count;
  }

  return { register, describe, confirm, reject, collect, prune };
}

export type LoginCodesService = ReturnType<typeof createLoginCodesService>;
