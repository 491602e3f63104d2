// The worker's Telegram channel: the message with 'I Will Attend' / 'Cannot Attend' buttons (in the language of
// the message's text, which its payload names), paced to
// Telegram's limits (about 30 messages/s overall, 1/s per chat, 20/min per group), and Telegram's refusals
// classified: 403 (blocked, never started) makes the member unreachable, 429 waits retry_after, other 400s are final.
import { GrammyError, HttpError, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import type { Prisma } from '../../db/database';
import { permanentFailure, rateLimited, temporaryFailure, unreachableRecipient, type ChannelSender } from './delivery';
import { reserveSendSlot } from './outbox-repository';
import { BULK_SEQUENCE } from './telegram-pace-repository';

export const TELEGRAM_GLOBAL_PER_SECOND = 30;
/**
 * Three under the limit: the pace is two sequences (bulk and replies), and a send a little late followed by one
 * on time puts one extra in a second of each, with a margin for when a request reaches Telegram; 31 sends in one
 * second would earn a 429.
 */
export const PACE_PER_SECOND = TELEGRAM_GLOBAL_PER_SECOND - 3;
/**
 * The share of the pace kept for replies to a member's action (a button's answer, a command's reply), so a tap
 * is answered at once during an announcement; replies may also take bulk slots nobody needs.
 */
export const REPLY_PER_SECOND = 4;
/** What notifications and card edits send at, all instances together. */
export const BULK_PER_SECOND = PACE_PER_SECOND - REPLY_PER_SECOND;
export const PER_CHAT_INTERVAL_MS = 1000;
/**
 * Added to a chat's own limits: Telegram counts a message when it arrives, and a timer that fires a little early,
 * or a send that reaches Telegram a little faster than the one before, lands just inside the limit and earns a 429.
 */
export const CHAT_MARGIN_MS = 100;
/** A shared slot missed by more than this is given up: a late send next to an on-time one is a burst. */
const LATE_SLOT_MS = 15;

/** Time as the pacer sees it; tests give it a fake one, so pacing is checked without waiting. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};

/** Telegram allows about 20 messages a minute to one group (group and channel chat ids are negative). */
export const GROUP_PER_MINUTE = 20;
export const GROUP_WINDOW_MS = 60_000;
/**
 * A group message that would wait longer than this goes back to the queue until the group allows it, rather
 * than holding one of the worker's lanes (and the messages to everyone else behind it) for up to a minute.
 */
export const GROUP_HOLD_MS = 2_000;
export const isGroupChat = (chatId: string) => chatId.startsWith('-');

/**
 * Hands out send slots evenly spaced at `perSecond`; each caller waits for its own slot. A chat's own limits
 * (1/s, and 20/min for a group) are waited out before a shared slot is taken, so a busy group never holds
 * up messages to other chats; the check and the booking of a slot happen together, with no wait between.
 * `beforeSend` (the wait for a slot shared with other instances) runs inside the chat's turn, and the chat's
 * limits count from when it is over: a late shared slot must not bring the chat's next message closer to it.
 */
export function createPacer(perSecond: number, clock: PacerClock = realClock) {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  const lastPerChat = new Map<string, number>();
  /** The slots of each group's latest GROUP_PER_MINUTE messages, oldest first. */
  const groupSlots = new Map<string, number[]>();
  /** Chats with a message between its slot and its send: the next one waits until that one has left. */
  const leaving = new Map<string, Promise<void>>();
  const groupReadyAt = (chatId: string) => {
    const recent = groupSlots.get(chatId) ?? [];
    return recent.length >= GROUP_PER_MINUTE
      ? recent[recent.length - GROUP_PER_MINUTE]! + GROUP_WINDOW_MS + CHAT_MARGIN_MS
      : 0;
  };
  const chatReadyAt = (chatId: string) =>
    Math.max((lastPerChat.get(chatId) ?? -Infinity) + PER_CHAT_INTERVAL_MS + CHAT_MARGIN_MS, groupReadyAt(chatId));
  const book = (chatId: string, slot: number) => {
    lastPerChat.set(chatId, slot);
    if (lastPerChat.size > 10_000) lastPerChat.clear();
    if (isGroupChat(chatId)) {
      const recent = [...(groupSlots.get(chatId) ?? []).slice(1 - GROUP_PER_MINUTE), slot];
      groupSlots.set(chatId, recent);
      if (groupSlots.size > 10_000) groupSlots.clear();
    }
  };
  /** Waits for a slot and takes it (answers 0); a chat not ready within `maxWaitMs` gets none: answers its wait. */
  return async (chatId: string, maxWaitMs = Infinity, beforeSend?: () => Promise<void>): Promise<number> => {
    for (;;) {
      for (let previous = leaving.get(chatId); previous; previous = leaving.get(chatId)) await previous;
      const wait = chatReadyAt(chatId) - clock.now();
      if (wait <= 0) break;
      if (wait > maxWaitMs) return wait;
      await clock.sleep(wait);
    }
    const now = clock.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + interval;
    book(chatId, slot);
    let left!: () => void;
    leaving.set(
      chatId,
      new Promise<void>((resolve) => {
        left = resolve;
      }),
    );
    try {
      await clock.sleep(slot - now);
      if (beforeSend) await beforeSend();
    } finally {
      // The message leaves now: the chat's limits count from here, not from the slot.
      lastPerChat.set(chatId, clock.now());
      const recent = groupSlots.get(chatId);
      if (recent?.length) recent[recent.length - 1] = clock.now();
      leaving.delete(chatId);
      left();
    }
    return 0;
  };
}

/** Reserves this instance's turn among all instances; resolves to the slot's time (epoch ms). */
export type SharedPacer = () => Promise<number>;

/**
 * Waits for a slot of the shared sequence. A slot that passed while this process was stalled (a long GC, a
 * busy event loop) is given up for a new one, whether it had passed before the wait began or while it lasted
 * (timers that fire late fire together): sending late ones together would burst past the limit.
 */
export async function waitForSharedSlot(pacer: SharedPacer, clock: PacerClock): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const slot = await pacer();
    const delay = slot - clock.now();
    if (delay < -LATE_SLOT_MS) continue;
    await clock.sleep(delay);
    if (clock.now() - slot <= LATE_SLOT_MS) return;
  }
}

/**
 * Telegram's limit is per bot, not per process: all instances take turns from one slot sequence kept in the
 * database (the bulk share; replies have theirs, telegram-pace.ts), so the sum of every instance stays within it.
 */
export const databasePacer =
  (prisma: Prisma, perSecond = BULK_PER_SECOND): SharedPacer =>
  () =>
    reserveSendSlot(prisma, BULK_SEQUENCE, 1000 / perSecond);

/** The event whose RSVP buttons go under the message, if any (a digest to the organiser has none). */
function eventIdOf(payload: unknown): number | null {
  if ((payload as { buttons?: unknown } | null)?.buttons === false) return null;
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The permission slip a guardian is asked to decide, if the message is such a request. */
function slipOf(payload: unknown): { eventId: number; childId: number } | null {
  const { eventId, slip } = (payload ?? {}) as { eventId?: unknown; slip?: { childId?: unknown } };
  const childId = slip?.childId;
  return Number.isInteger(eventId) && Number.isInteger(childId)
    ? { eventId: eventId as number, childId: childId as number }
    : null;
}

/** The language the message's text is written in (a row queued before it was named: English, as it was then). */
function languageOf(payload: unknown): Language {
  const language = (payload as { language?: unknown } | null)?.language;
  return isLanguage(language) ? language : 'en';
}

export interface TelegramSenderOptions {
  /**
   * The RSVP buttons under an event's message. The bot owns their callback data, so the composition root
   * hands its keyboard in (this module does not import the bot).
   */
  rsvpButtons: (
    eventId: number,
    chatId: string,
    language: Language,
  ) => InlineKeyboardMarkup | Promise<InlineKeyboardMarkup>;
  /** Approve / Decline under a guardian's permission slip request (the bot owns their callback data too). */
  slipButtons?: (eventId: number, childId: number, language: Language) => InlineKeyboardMarkup;
  /** This process's pace (default one under Telegram's limit). */
  perSecond?: number;
  /** The pace shared by all instances; without it only this process's own pace applies. */
  sharedPacer?: SharedPacer;
  /**
   * A group's turn in its per-minute limit shared by all instances (0: taken; else the wait), asked once the
   * shared slot has come; without it only this process's count of the group's messages applies.
   */
  sharedGroupTurn?: (chatId: string) => Promise<number>;
  clock?: PacerClock;
}

/** The message of a Telegram refusal, as stored on the outbox row. */
const reasonOf = (error: GrammyError) => `Telegram error ${error.error_code}: ${error.description}`;

export function createTelegramSender(api: Api, options: TelegramSenderOptions): ChannelSender {
  const clock = options.clock ?? realClock;
  const pace = createPacer(options.perSecond ?? PACE_PER_SECOND, clock);
  const { sharedPacer, sharedGroupTurn, rsvpButtons, slipButtons } = options;
  return async (message) => {
    // The buttons are looked up before the slot is taken, so the send follows its slot without a database wait.
    const eventId = eventIdOf(message.payload);
    const slip = slipButtons ? slipOf(message.payload) : null;
    const language = languageOf(message.payload);
    const reply_markup = slip
      ? slipButtons!(slip.eventId, slip.childId, language)
      : eventId
        ? await rsvpButtons(eventId, message.to, language)
        : undefined;
    const groupTurn = sharedGroupTurn && isGroupChat(message.to) ? sharedGroupTurn : null;
    const shared =
      sharedPacer || groupTurn
        ? async () => {
            if (sharedPacer) await waitForSharedSlot(sharedPacer, clock);
            // Another instance may have filled the group's minute: the row waits for it in the queue.
            const wait = groupTurn ? await groupTurn(message.to) : 0;
            if (wait)
              throw rateLimited(`Waiting: Telegram takes ${GROUP_PER_MINUTE} messages a minute to one group`, wait);
          }
        : undefined;
    const groupWait = await pace(message.to, GROUP_HOLD_MS, shared);
    if (groupWait) {
      throw rateLimited(`Waiting: Telegram takes ${GROUP_PER_MINUTE} messages a minute to one group`, groupWait);
    }
    try {
      await api.sendMessage(message.to, message.text, reply_markup ? { reply_markup } : {});
    } catch (error) {
      if (error instanceof GrammyError) {
        // Blocked the bot, never pressed Start, account deleted: nothing we send will arrive until they act.
        if (error.error_code === 403) throw unreachableRecipient(reasonOf(error));
        // Throttled beyond what auto-retry waits for in-process: the row waits retry_after, then goes again.
        if (error.error_code === 429) {
          throw rateLimited(reasonOf(error), (error.parameters.retry_after ?? 1) * 1000);
        }
        // 400: chat not found, text refused — the same message would be refused again.
        if (error.error_code === 400) throw permanentFailure(reasonOf(error));
        throw temporaryFailure(reasonOf(error));
      }
      if (error instanceof HttpError) throw temporaryFailure(`Telegram unreachable: ${error.message}`);
      throw error;
    }
  };
}
