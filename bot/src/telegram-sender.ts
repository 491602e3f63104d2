// The notification worker's Telegram channel: the message with 'I Will Attend' / 'Cannot Attend' buttons,
// paced to Telegram's limits (about 30 messages/s overall, 1/s per chat); 429s are retried by auto-retry.
import { GrammyError, HttpError, type Api } from 'grammy';
import { permanentFailure, temporaryFailure, type ChannelSender } from '../../api/src/modules/notifications/delivery';
import { rsvpKeyboard } from './keyboards';

export const TELEGRAM_GLOBAL_PER_SECOND = 30;
/** One under the limit: timers fire a little late or early, and 31 sends in one second would earn a 429. */
const PACE_PER_SECOND = TELEGRAM_GLOBAL_PER_SECOND - 1;
const PER_CHAT_INTERVAL_MS = 1000;

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

function eventIdOf(payload: unknown): number | null {
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export function createTelegramSender(api: Api, perSecond = PACE_PER_SECOND): ChannelSender {
  const pace = createPacer(perSecond);
  return async (message) => {
    await pace(message.to);
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
