// The telegram_login_requests table: the manual Telegram login's codes. Every state change is one conditional
// update, so parallel bot messages, clicks and polls cannot decide or spend a request twice.
import type { TelegramLoginRequest } from '@prisma/client';
import type { Prisma } from '../../db/database';

export type LoginRequestRow = TelegramLoginRequest;

export interface NewLoginRequest {
  id: string;
  browserTokenHash: string;
  userAgent: string | null;
  requesterNetwork: string | null;
  purpose: 'login' | 'link';
  linkUserId: number | null;
  verificationCode: string;
  expiresAt: Date;
}

/** What a confirmed code records about the Telegram account that typed it. */
export interface LoginConfirmation {
  telegramId: string;
  telegramUsername: string | null;
  telegramName: string | null;
  decidedAt: Date;
  /** The request stays collectable until then. */
  expiresAt: Date;
}

export const findLoginRequest = (prisma: Prisma, id: string): Promise<LoginRequestRow | null> =>
  prisma.telegramLoginRequest.findUnique({ where: { id } });

export async function insertLoginRequest(prisma: Prisma, request: NewLoginRequest): Promise<void> {
  await prisma.telegramLoginRequest.create({ data: request });
}

/** The name of the website account a link request would link to; null when there is no such user. */
export const findLinkAccount = (prisma: Prisma, userId: number): Promise<{ name: string } | null> =>
  prisma.user.findUnique({ where: { id: userId }, select: { name: true } });

/** Marks a pending, unexpired request as opened by this Telegram user; false when it no longer is pending. */
export async function claimLoginRequest(prisma: Prisma, id: string, claimedBy: string, now: Date): Promise<boolean> {
  const { count } = await prisma.telegramLoginRequest.updateMany({
    where: { id, status: 'pending', expiresAt: { gt: now } },
    data: { claimedBy, claimedAt: now },
  });
  return count === 1;
}

/** The pending, unexpired request this Telegram user opened last. */
export const findLastClaimedRequest = (prisma: Prisma, claimedBy: string, now: Date): Promise<LoginRequestRow | null> =>
  prisma.telegramLoginRequest.findFirst({
    where: { claimedBy, status: 'pending', expiresAt: { gt: now } },
    orderBy: { claimedAt: 'desc' },
  });

/**
 * Counts a wrong code (and rejects the request when `lock`). Counted only if no other code was counted since
 * `request` was read: parallel messages (webhook updates arrive concurrently) must not get more than the
 * allowed number of codes checked. False when another message got there first.
 */
export async function countWrongCode(
  prisma: Prisma,
  request: Pick<LoginRequestRow, 'id' | 'codeAttempts'>,
  lock: boolean,
  now: Date,
): Promise<boolean> {
  const { count } = await prisma.telegramLoginRequest.updateMany({
    where: { id: request.id, status: 'pending', codeAttempts: request.codeAttempts },
    data: { codeAttempts: request.codeAttempts + 1, ...(lock ? { status: 'rejected', decidedAt: now } : {}) },
  });
  return count === 1;
}

/**
 * Completes the request for the Telegram account that typed the right code, if it is still pending, claimed
 * by that account, unexpired and no code was counted since `request` was read.
 */
export async function completeLoginRequest(
  prisma: Prisma,
  request: Pick<LoginRequestRow, 'id' | 'codeAttempts'>,
  confirmation: LoginConfirmation,
): Promise<boolean> {
  const { count } = await prisma.telegramLoginRequest.updateMany({
    where: {
      id: request.id,
      status: 'pending',
      claimedBy: confirmation.telegramId,
      expiresAt: { gt: confirmation.decidedAt },
      codeAttempts: request.codeAttempts,
    },
    data: { status: 'complete', ...confirmation },
  });
  return count === 1;
}

/** Rejects a pending, unexpired request; false when it no longer is pending. */
export async function rejectLoginRequest(prisma: Prisma, id: string, now: Date): Promise<boolean> {
  const { count } = await prisma.telegramLoginRequest.updateMany({
    where: { id, status: 'pending', expiresAt: { gt: now } },
    data: { status: 'rejected', decidedAt: now },
  });
  return count === 1;
}

/** Single use even under parallel polls: only one update can move a request from complete to consumed. */
export async function consumeLoginRequest(prisma: Prisma, id: string, now: Date): Promise<boolean> {
  const { count } = await prisma.telegramLoginRequest.updateMany({
    where: { id, status: 'complete', expiresAt: { gt: now } },
    data: { status: 'consumed' },
  });
  return count === 1;
}

export async function deleteLoginRequestsExpiredBefore(prisma: Prisma, before: Date): Promise<number> {
  const { count } = await prisma.telegramLoginRequest.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}
