// Whether Telegram notifications can reach a member, from everything Telegram tells us: /start in the private
// chat, my_chat_member updates (blocked, unblocked), the write_access_allowed service message (allowed from
// the Mini App's requestWriteAccess or the Login Widget's request-access), and initData's allows_write_to_pm.
// A 403 on a send is recorded by the delivery worker (outbox-worker.ts); fan-out skips unreachable members.
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users-repository';
import { recordNeverAllowed, recordRefused, recordWriteAllowed } from './reachability-repository';

export const BLOCKED_REASON = 'Telegram: the member blocked the bot';
export const NOT_ALLOWED_REASON = 'Telegram: the member has not allowed the bot to write to them';

/** What a Mini App sign-in tells: whether the bot may write, and when Telegram signed that. */
export interface MiniAppWriteAccess {
  allowsWriteToPm: boolean;
  authDate: number;
}

export function createReachabilityService(deps: Pick<AppDeps, 'now' | 'prisma'>) {
  const { prisma } = deps;

  /** Telegram says the bot may write to this person (again). */
  async function writeAllowed(telegramUserId: number | string): Promise<void> {
    await recordWriteAllowed(prisma, String(telegramUserId), deps.now());
  }

  /** Telegram says this person blocked the bot: nothing is queued for them there until they are back. */
  async function blocked(telegramUserId: number | string): Promise<void> {
    await recordRefused(prisma, String(telegramUserId), BLOCKED_REASON, deps.now());
  }

  /**
   * A Mini App request's initData. Allowed: recorded, unless a refusal came after Telegram signed it (old
   * initData must not undo a block). Not allowed: the member is unreachable until they allow it, unless we
   * learned otherwise before. Answers the user as it now stands, with no write when nothing changed.
   */
  async function fromMiniApp(user: UserRow, access: MiniAppWriteAccess): Promise<UserRow> {
    if (!user.telegramId) return user;
    const signedAt = new Date(access.authDate * 1000);
    if (access.allowsWriteToPm) {
      const refusedAfter = user.telegramUnreachableAt && user.telegramUnreachableAt > signedAt;
      if (refusedAfter || (user.telegramWriteAllowedAt && !user.telegramUnreachableAt)) return user;
      await recordWriteAllowed(prisma, user.telegramId, signedAt);
      return {
        ...user,
        telegramWriteAllowedAt: signedAt,
        telegramUnreachableAt: null,
        telegramUnreachableReason: null,
      };
    }
    if (user.telegramWriteAllowedAt || user.telegramUnreachableAt) return user;
    const now = deps.now();
    const { count } = await recordNeverAllowed(prisma, user.id, user.telegramId, NOT_ALLOWED_REASON, now);
    return count ? { ...user, telegramUnreachableAt: now, telegramUnreachableReason: NOT_ALLOWED_REASON } : user;
  }

  return { writeAllowed, blocked, fromMiniApp };
}
