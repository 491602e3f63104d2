// Keeps every posted event card live. A trigger marks an event's cards stale in the transaction of the change
// (an RSVP, an edit, a delete), so a crash loses no refresh; this loop claims cards stale for the debounce
// time (one edit per card for a burst of RSVPs), edits them by inline message id within Telegram's pace (the
// same slot sequence as the notification sender: edits count against the 30/s), and records the outcome.
// A card shows its event only while the event is public: once it is private or deleted, the card is edited
// to a neutral text without buttons and forgotten, so it stays neutral even if the event turns public again
// (the chat it was taken from is not told again).
import { GrammyError, HttpError, type Api } from 'grammy';
import type { InlineKeyboardMarkup, LinkPreviewOptions } from 'grammy/types';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import * as repo from './shared-cards-repository';
import { createPoller } from '../../lib/poller';

export interface RenderedCard {
  text: string;
  link_preview_options: LinkPreviewOptions;
  reply_markup?: InlineKeyboardMarkup;
}

export interface CardRefresherDeps {
  prisma: Prisma;
  logger: Logger;
  api: Pick<Api, 'editMessageTextInline'>;
  /**
   * The bot's card in `language` (the composition root hands it in); `event` null: the neutral card, naming
   * nothing.
   */
  render(event: repo.CardEventRow | null, language: Language): RenderedCard;
  /** The organisation's language, for cards that follow it (posted in a group, or from the Mini App). */
  defaultLanguage(): Promise<Language>;
  /** Waits for this edit's turn within Telegram's limits. */
  pace(inlineMessageId: string): Promise<void>;
}

export interface CardRefresherOptions {
  /** A card is edited once it has been stale this long, and at most once per this long. */
  debounceMs: number;
  /** How long a claim holds a card (a crashed refresher's cards are taken again after it). */
  leaseMs: number;
  batchSize: number;
  pollIntervalMs: number;
  /** Edits in flight at once (the pace still spaces them). */
  concurrency: number;
  /** Failed edits in a row before a card is given up. */
  maxAttempts: number;
  /** First retry delay after a failed edit; doubled on every further attempt. */
  backoffMs: number;
}

export const DEFAULT_CARD_OPTIONS: CardRefresherOptions = {
  debounceMs: 2000,
  leaseMs: 30_000,
  batchSize: 100,
  // The claim is one indexed UPDATE that finds nothing most of the time.
  pollIntervalMs: 500,
  concurrency: 4,
  maxAttempts: 5,
  backoffMs: 10_000,
};

export interface CardCounts {
  edited: number;
  dropped: number;
  deferred: number;
}

/** Telegram no longer has the message (deleted from the chat) or will never let us edit it. */
const GONE = /MESSAGE_ID_INVALID|message to edit not found|message can't be edited|message not found/i;
const NOT_MODIFIED = /message is not modified/i;

export function createCardRefresher(deps: CardRefresherDeps, tuning: Partial<CardRefresherOptions> = {}) {
  const options = { ...DEFAULT_CARD_OPTIONS, ...tuning };
  const { prisma, logger } = deps;
  let stopping = false;
  const poller = createPoller(options.pollIntervalMs, (_name, error) =>
    logger.error({ err: error }, 'shared card refresh failed'),
  );

  /** A failed edit: tried again after a doubling delay, given up after maxAttempts. */
  async function retryLater(card: repo.ClaimedCard, reason: string): Promise<'deferred' | 'dropped'> {
    const attempts = await repo.deferCard(prisma, card.inlineMessageId, options.backoffMs, true);
    if (attempts < options.maxAttempts) return 'deferred';
    logger.warn({ inlineMessageId: card.inlineMessageId, reason }, 'shared card given up');
    await repo.dropCard(prisma, card.inlineMessageId);
    return 'dropped';
  }

  async function refreshOne(card: repo.ClaimedCard, event: repo.CardEventRow | null, organisation: Language) {
    // Only a public event's row reaches the renderer: a private one cannot leak through it.
    const shown = event?.isPublic ? event : null;
    const { text, ...extra } = deps.render(shown, isLanguage(card.language) ? card.language : organisation);
    try {
      await deps.pace(card.inlineMessageId);
      await deps.api.editMessageTextInline(card.inlineMessageId, text, extra);
    } catch (error) {
      if (error instanceof GrammyError) {
        if (error.error_code === 400 && GONE.test(error.description)) {
          await repo.dropCard(prisma, card.inlineMessageId);
          return 'dropped';
        }
        // Auto-retry already waited out short 429s; a longer one holds this card for retry_after.
        if (error.error_code === 429) {
          await repo.deferCard(prisma, card.inlineMessageId, (error.parameters.retry_after ?? 1) * 1000, false);
          return 'deferred';
        }
        if (!NOT_MODIFIED.test(error.description)) {
          return retryLater(card, error.description);
        }
      } else if (error instanceof HttpError) {
        return retryLater(card, error.message);
      } else {
        throw error;
      }
    }
    // The neutral text is the last thing the card will ever say.
    if (!shown) await repo.dropCard(prisma, card.inlineMessageId);
    else await repo.markEdited(prisma, card);
    return shown ? 'edited' : 'dropped';
  }

  /** Claims and edits stale cards until none is due; answers what happened. Tests and the benchmark call it. */
  async function drain(): Promise<CardCounts> {
    const counts: CardCounts = { edited: 0, dropped: 0, deferred: 0 };
    for (;;) {
      const cards = await repo.claimStaleCards(prisma, options.debounceMs, options.leaseMs, options.batchSize);
      if (!cards.length) return counts;
      const events = await repo.findCardEvents(prisma, [...new Set(cards.map((card) => card.eventId))]);
      const organisation = await deps.defaultLanguage();
      let next = 0;
      const lane = async () => {
        while (next < cards.length) {
          const card = cards[next++]!;
          const outcome = await refreshOne(card, events.get(card.eventId) ?? null, organisation);
          counts[outcome] += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, cards.length) }, lane));
      if (cards.length < options.batchSize || stopping) return counts;
    }
  }

  return {
    drain,
    start(): void {
      stopping = false;
      poller.start({ refresh: drain });
    },
    /** Finishes the edits in hand; unclaimed cards wait for the next start (their marks are in the database). */
    async stop(): Promise<void> {
      stopping = true;
      await poller.stop();
    },
  };
}

export type CardRefresher = ReturnType<typeof createCardRefresher>;
