// The port through which the Mini App's Share action prepares a card: the composition root hands in the bot's
// implementation (the bot owns the card's look).
import type { CardEvent } from '../../../../shared/types';

/**
 * Saves the card as a prepared inline message for this Telegram user, its buttons carrying `token`, and answers
 * its id and Telegram's expiry.
 */
export interface PreparedCards {
  prepare(telegramUserId: number, event: CardEvent, token: string): Promise<{ id: string; expiresAt: Date }>;
}
