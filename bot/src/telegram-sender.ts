// The notification worker's Telegram channel: the message with 'I Will Attend' / 'Cannot Attend' buttons,
// paced to Telegram's limits (about 30 messages/s overall, 1/s per chat); 429s are retried by auto-retry.
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Prisma } from '../../api/src/db/database';
import { reserveSendSlot } from '../../api/src/modules/notifications/outbox-repository';
import { permanentFailure, temporaryFailure, type ChannelSender } from '../../api/src/modules/notifications/delivery';
import { rsvpKeyboard } from './keyboards';

export const TELEGRAM_GLOBAL_PER_SECOND = 30;
/** One under the limit: timers fire a little late or early, and 31 sends in one second would earn a 429. */
const PACE_PER_SECOND = TELEGRAM_GLOBAL_PER_SECOND - 1;
const PER_CHAT_INTERVAL_MS = 1000;
/** A shared slot missed by more than this is given up: a late send next to an on-time one is a burst. */
const LATE_SLOT_MS = 15;

/** Hands out send slots evenly spaced at `perSecond`; each caller waits for its own slot. */
export function createPacer(perSecond: number) {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  const lastPerChat = new Map<string, number>();
  const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
  return async (chatId: string) => {
    const now = Date.now();
    const chatReady = (lastPerChat.get(chatId) ?? 0) + PER_CHAT_INTERVAL_MS;
    const slot = Math.max(now, nextSlot, chatReady);
    nextSlot = Math.max(nextSlot, slot) + interval;
    lastPerChat.set(chatId, slot);
    if (lastPerChat.size > 10_000) lastPerChat.clear();
    await sleep(slot - now);
  };
}

/**
 * Waits for a slot of the shared sequence. A slot that passed while this process was stalled (a long GC, a
 * busy event loop) is given up for a new one: sending late ones together would burst past the limit.
 */
async function waitForSharedSlot(pacer: SharedPacer): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const delay = (await pacer()) - Date.now();
    if (delay >= -LATE_SLOT_MS) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return;
    }
  }
}

function eventIdOf(payload: unknown): number | null {
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Reserves this instance's turn among all instances; resolves to the slot's time (epoch ms). */
export type SharedPacer = () => Promise<number>;

/**
 * Telegram's limit is per bot, not per process: all instances take turns from one slot sequence kept in the
 * database, spaced one under the limit, so the sum of every instance stays within it.
 */
export const databasePacer =
  (prisma: Prisma, perSecond = PACE_PER_SECOND): SharedPacer =>
  () =>
    reserveSendSlot(prisma, 'telegram-send-pace', 1000 / perSecond);

export interface TelegramSenderOptions {
  /** This process's pace (default one under Telegram's limit). */
  perSecond?: number;
  /** The pace shared by all instances; without it only this process's own pace applies. */
  sharedPacer?: SharedPacer;
}

export function createTelegramSender(api: Api, options: TelegramSenderOptions = {}): ChannelSender {
  const pace = createPacer(options.perSecond ?? PACE_PER_SECOND);
  const { sharedPacer } = options;
  return async (message) => {
    await pace(message.to);
    if (sharedPacer) await waitForSharedSlot(sharedPacer);
    const eventId = eventIdOf(message.payload);
    try {
      await api.sendMessage(message.to, message.text, eventId ? { reply_markup: rsvpKeyboard(eventId) } : {});
    } catch (error) {
      if (error instanceof GrammyError) {
        const reason = `Telegram error ${error.error_code}: ${error.description}`;
        // 400 (chat not found) and 403 (blocked, never started the bot) will not fix themselves.
        if (error.error_code === 400 || error.error_code === 403) throw permanentFailure(reason);
        throw temporaryFailure(reason);
      }
      if (error instanceof HttpError) throw temporaryFailure(`Telegram unreachable: ${error.message}`);
      throw error;
    }
  };
}
