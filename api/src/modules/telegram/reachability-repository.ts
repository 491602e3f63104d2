// Whether the bot may write to a member: the users row's telegram_write_allowed_at (what Telegram last told us
// allowed it) and telegram_unreachable_at (what last refused it). Every write is conditional, so the frequent
// callers (every Mini App request) write nothing when nothing changed.
import type { Prisma } from '../../db/database';

/** The bot may write to this Telegram account: recorded, and any refusal recorded before is cleared. */
export const recordWriteAllowed = (prisma: Prisma, telegramId: string, at: Date) =>
  prisma.user.updateMany({
    where: { telegramId },
    data: { telegramWriteAllowedAt: at, telegramUnreachableAt: null, telegramUnreachableReason: null },
  });

/** The member closed the door (blocked the bot): recorded unless already recorded, keeping the first reason. */
export const recordRefused = (prisma: Prisma, telegramId: string, reason: string, at: Date) =>
  prisma.user.updateMany({
    where: { telegramId, telegramUnreachableAt: null },
    data: { telegramUnreachableAt: at, telegramUnreachableReason: reason.slice(0, 500) },
  });

/**
 * Telegram says the bot may not write yet (a Mini App opened without allowing it): recorded only for a member
 * we never learned could be written to, so a later sign-in cannot undo what /start or a permission established.
 */
export const recordNeverAllowed = (prisma: Prisma, userId: number, telegramId: string, reason: string, at: Date) =>
  prisma.user.updateMany({
    where: { id: userId, telegramId, telegramWriteAllowedAt: null, telegramUnreachableAt: null },
    data: { telegramUnreachableAt: at, telegramUnreachableReason: reason },
  });
