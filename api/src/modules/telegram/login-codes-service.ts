// The manual Telegram login (SPEC §4 "manual mode"; DESIGN §4): a device-code flow that resists phishing.
// The server creates the login id when the person clicks Login or Link (spending their browser-bound state)
// and binds the code to that browser. The browser shows a short code; the bot shows where the request came
// from (browser, network, time) and asks the person to TYPE that code: someone tricked into opening another
// person's login link cannot confirm it with a tap. Only the registering browser collects the result, once.
import { randomInt } from 'node:crypto';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { conflict } from '../../../../shared/errors';
import { randomToken } from '../../lib/secrets';
import { linkTelegramToUser, upsertTelegramUser, type TelegramIdentity } from '../auth/identity';
import { telegramDisplayName } from '../auth/telegram-verify';
import { findUserByIdOrThrow } from '../auth/users-identity-repository';
import type { UserRow } from '../users/users-repository';
import {
  claimLoginRequest,
  completeLoginRequest,
  consumeLoginRequest,
  countWrongCode,
  deleteLoginRequestsExpiredBefore,
  findLastClaimedRequest,
  findLinkAccount,
  findLoginRequest,
  insertLoginRequest,
  rejectLoginRequest,
} from './login-codes-repository';

export type LoginCodeStatus = 'pending' | 'complete' | 'rejected' | 'consumed' | 'expired';
export type LoginCodePurpose = 'login' | 'link';

export interface LoginCodeDescription {
  status: LoginCodeStatus;
  userAgent: string | null;
  network: string | null;
  createdAt: Date;
  purpose: LoginCodePurpose;
  /** For a link: the name of the website account the Telegram account would be linked to. */
  linkAccountName: string | null;
}

export type ClaimOutcome = 'claimed' | 'unknown' | 'expired' | 'already_decided';
export type RejectOutcome = 'rejected' | 'unknown' | 'expired' | 'already_decided';
export type CodeOutcome =
  | { outcome: 'confirmed'; purpose: LoginCodePurpose }
  | { outcome: 'wrong_code'; attemptsLeft: number }
  | { outcome: 'locked' }
  | { outcome: 'none' };

export type CollectResult =
  | { status: 'pending' }
  | { status: 'complete'; purpose: LoginCodePurpose; telegramId: string; username: string | null; user: UserRow };

export interface RegisterInput {
  purpose: LoginCodePurpose;
  /** The browser that asked: only it may collect the result. */
  browserHash: string;
  /** The signed-in user who asked to link (purpose 'link' only). */
  linkUserId?: number;
  userAgent?: string;
  network?: string | null;
}

export interface RegisteredCode {
  loginId: string;
  code: string;
  expiresAt: Date;
}

/** After a confirmation the waiting browser (polling every 3 s) still gets this long to collect. */
const COLLECT_GRACE_MS = 60_000;
/** Wrong codes typed in the bot before the request is cancelled. */
export const MAX_CODE_ATTEMPTS = 3;
export const LOGIN_CODE_DIGITS = 4;

const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');

export function createLoginCodesService(deps: AppDeps) {
  const ttlMs = deps.config.telegram.loginCodeTtlSeconds * 1000;

  const find = (loginId: string) => findLoginRequest(deps.prisma, loginId);

  function statusOf(request: { status: LoginCodeStatus; expiresAt: Date }, now: Date): LoginCodeStatus {
    if ((request.status === 'pending' || request.status === 'complete') && request.expiresAt <= now) return 'expired';
    return request.status;
  }

  /** Creates a login code for this browser: the id for the bot link and the code the browser shows. */
  async function register(input: RegisterInput): Promise<RegisteredCode> {
    const loginId = randomToken(24);
    const code = newCode();
    const expiresAt = new Date(deps.now().getTime() + ttlMs);
    await insertLoginRequest(deps.prisma, {
      id: loginId,
      browserTokenHash: input.browserHash,
      userAgent: input.userAgent?.slice(0, 300) || null,
      requesterNetwork: input.network ?? null,
      purpose: input.purpose,
      linkUserId: input.purpose === 'link' ? (input.linkUserId ?? null) : null,
      verificationCode: code,
      expiresAt,
    });
    return { loginId, code, expiresAt };
  }

  /** The page of the browser that created a still-pending code reloads: the same code again; null otherwise. */
  async function resume(loginId: string, browserHash: string | null): Promise<RegisteredCode | null> {
    const request = await find(loginId);
    if (!request || !browserHash || request.browserTokenHash !== browserHash) return null;
    if (statusOf(request, deps.now()) !== 'pending') return null;
    return { loginId, code: request.verificationCode, expiresAt: request.expiresAt };
  }

  /** What the bot shows before asking for the code; null for an unknown id. */
  async function describe(loginId: string): Promise<LoginCodeDescription | null> {
    const request = await find(loginId);
    if (!request) return null;
    const linkAccount =
      request.purpose === 'link' && request.linkUserId ? await findLinkAccount(deps.prisma, request.linkUserId) : null;
    return {
      status: statusOf(request, deps.now()),
      userAgent: request.userAgent,
      network: request.requesterNetwork,
      createdAt: request.createdAt,
      purpose: request.purpose === 'link' ? 'link' : 'login',
      linkAccountName: linkAccount ? linkAccount.name || 'a member without a name' : null,
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

  /** The bot opened the code for this Telegram user: the next code they type is checked against it. */
  async function claim(loginId: string, telegramUserId: number | string): Promise<ClaimOutcome> {
    const now = deps.now();
    const { refusal } = await awaitingDecision(loginId, now);
    if (refusal) return refusal;
    return (await claimLoginRequest(deps.prisma, loginId, String(telegramUserId), now)) ? 'claimed' : 'already_decided';
  }

  /**
   * A code typed in the bot by this Telegram user, for the pending request they opened last. The right code
   * approves the waiting browser for this Telegram account; MAX_CODE_ATTEMPTS wrong ones cancel the request.
   */
  async function confirmWithCode(tg: TelegramIdentity, typed: string): Promise<CodeOutcome> {
    const now = deps.now();
    const request = await findLastClaimedRequest(deps.prisma, String(tg.id), now);
    if (!request) return { outcome: 'none' };
    if (typed !== request.verificationCode) {
      const attempts = request.codeAttempts + 1;
      const locked = attempts >= MAX_CODE_ATTEMPTS;
      // Counted only if no other code was counted since it was read: parallel messages (webhook updates
      // arrive concurrently) must not get more than MAX_CODE_ATTEMPTS codes checked.
      if (!(await countWrongCode(deps.prisma, request, locked, now))) return { outcome: 'none' };
      return locked ? { outcome: 'locked' } : { outcome: 'wrong_code', attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
    }
    const graceEnd = new Date(now.getTime() + COLLECT_GRACE_MS);
    const decided = await completeLoginRequest(deps.prisma, request, {
      telegramId: String(tg.id),
      telegramUsername: tg.username ?? null,
      telegramName: telegramDisplayName(tg.first_name, tg.last_name).slice(0, 200) || null,
      decidedAt: now,
      expiresAt: request.expiresAt > graceEnd ? request.expiresAt : graceEnd,
    });
    if (!decided) return { outcome: 'none' };
    return { outcome: 'confirmed', purpose: request.purpose === 'link' ? 'link' : 'login' };
  }

  /** The bot's "Not me": the waiting browser gets nothing, ever. */
  async function reject(loginId: string): Promise<RejectOutcome> {
    const now = deps.now();
    const { refusal } = await awaitingDecision(loginId, now);
    if (refusal) return refusal;
    if (await rejectLoginRequest(deps.prisma, loginId, now)) return 'rejected';
    return (await describe(loginId))?.status === 'expired' ? 'expired' : 'already_decided';
  }

  /**
   * The registering browser asks for the outcome. null (answered 404, revealing nothing) when the id is
   * unknown, expired, rejected, already collected, or asked by another browser. A confirmed code is
   * collected exactly once: it signs the browser in ('login') or links the Telegram account ('link').
   */
  async function collect(loginId: string, browserHash: string | null, signedInUserId?: number) {
    const now = deps.now();
    const request = await find(loginId);
    if (!request || !browserHash || request.browserTokenHash !== browserHash) return null;
    const status = statusOf(request, now);
    if (status === 'pending') return { status: 'pending' } satisfies CollectResult;
    if (status !== 'complete' || !request.telegramId) return null;
    if (request.purpose === 'link' && (!request.linkUserId || request.linkUserId !== signedInUserId)) return null;

    // Single use even under parallel polls: only one update can move it from complete to consumed.
    if (!(await consumeLoginRequest(deps.prisma, loginId, now))) return null;

    const identity: TelegramIdentity = {
      id: request.telegramId,
      first_name: request.telegramName ?? '',
      username: request.telegramUsername ?? undefined,
    };
    let user: UserRow;
    if (request.purpose === 'link' && request.linkUserId) {
      const outcome = await linkTelegramToUser(deps, request.linkUserId, identity);
      if (outcome !== 'linked') throw conflict(MSG.telegramLinkFailed);
      user = await findUserByIdOrThrow(deps.prisma, request.linkUserId);
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
    return deleteLoginRequestsExpiredBefore(deps.prisma, before);
  }

  return { register, resume, describe, claim, confirmWithCode, reject, collect, prune };
}

export type LoginCodesService = ReturnType<typeof createLoginCodesService>;
