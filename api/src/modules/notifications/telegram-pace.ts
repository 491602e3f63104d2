// One Telegram pace for everything the bot sends, on every instance: notifications and card edits take the bulk
// share of the slot sequence in the database (telegram-sender.ts), and every call the bot makes in answer to a
// member (replies, button answers, edits, inline answers) goes through `pacedCalls`, a grammY API transformer,
// with the share reserved for replies. Messages to a group also take the group's turn in its 20 a minute.
import type { Transformer } from 'grammy';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import { reserveReplySlot, takeGroupTurn } from './telegram-pace-repository';
import {
  BULK_PER_SECOND,
  CHAT_MARGIN_MS,
  databasePacer,
  GROUP_PER_MINUTE,
  GROUP_WINDOW_MS,
  isGroupChat,
  realClock,
  REPLY_PER_SECOND,
  waitForSharedSlot,
  type PacerClock,
  type SharedPacer,
} from './telegram-sender';

/** Calls that put something in front of a person: Telegram counts them against the bot's limits. */
const PACED_METHOD = /^(send|edit|copy|forward|answer|stopPoll$|deleteMessages?$)/;

export interface TelegramPace {
  /** Slots of the bulk share (notifications, card edits). */
  bulk: SharedPacer;
  /** Slots for replies: their own share, or a bulk slot when that comes sooner. */
  reply: SharedPacer;
  /** A group's turn in its per-minute limit, shared by all instances: 0 when taken, else the wait in ms. */
  groupTurn(chatId: string): Promise<number>;
}

export function databasePace(prisma: Prisma): TelegramPace {
  return {
    bulk: databasePacer(prisma),
    reply: () => reserveReplySlot(prisma, 1000 / REPLY_PER_SECOND, 1000 / BULK_PER_SECOND),
    groupTurn: (chatId) => takeGroupTurn(prisma, chatId, GROUP_PER_MINUTE, GROUP_WINDOW_MS, CHAT_MARGIN_MS),
  };
}

/** The chat a call goes to, when it names one (an inline message's edit does not). */
function chatOf(payload: unknown): string | null {
  const chat = (payload as { chat_id?: unknown } | null)?.chat_id;
  return typeof chat === 'number' || typeof chat === 'string' ? String(chat) : null;
}

/**
 * The bot's API transformer: each counted call waits for a reply slot, and for its group's turn. Should the
 * database not answer, the call goes out unpaced: a member is better answered than not, and Telegram's 429
 * (auto-retry) is the backstop.
 */
export function pacedCalls(pace: TelegramPace, logger: Logger, clock: PacerClock = realClock): Transformer {
  return async (previous, method, payload, signal) => {
    if (!PACED_METHOD.test(method)) return previous(method, payload, signal);
    const chat = chatOf(payload);
    try {
      for (;;) {
        await waitForSharedSlot(pace.reply, clock);
        if (chat === null || !(isGroupChat(chat) || chat.startsWith('@'))) break;
        const wait = await pace.groupTurn(chat);
        if (!wait) break;
        await clock.sleep(wait);
      }
    } catch (error) {
      logger.warn({ err: error, method }, 'Telegram pace unavailable; sending unpaced');
    }
    return previous(method, payload, signal);
  };
}
