// Sharing event cards into Telegram chats: who the Telegram user is here (linked members only;
// an inline query or a tap never creates anyone), which events they may share, the posted copies to keep
// live, and the prepared message behind the Mini App's Share action.
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { createEventAccess } from '../events/event-access';
import type { Viewer } from '../events/events-repository';
import * as repo from './shared-cards-repository';

export const SHARE_MSG = {
  noBot: 'No Telegram bot is configured',
  noTelegram: 'Link your Telegram account in Settings to share events in Telegram.',
  privateEvent: 'Only public events can be shared in Telegram.',
} as const;

/**
 * What the composition root hands in (the bot owns the card's look): saves the card as a prepared inline
 * message for this Telegram user (savePreparedInlineMessage) and answers its id.
 */
export interface PreparedCards {
  prepare(telegramUserId: number, event: repo.CardEventRow): Promise<string>;
}

/** Telegram's inline message ids are short opaque strings; anything else is not stored. */
const INLINE_MESSAGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function createSharedCardsService(deps: AppDeps) {
  const { prisma } = deps;
  const access = createEventAccess(prisma);

  const memberFor = (telegramUserId: number): Promise<Viewer | null> =>
    repo.findLinkedMember(prisma, String(telegramUserId));

  const shareableEvents = (text: string, limit: number) => repo.findShareableEvents(prisma, text, deps.now(), limit);

  async function cardPosted(card: {
    inlineMessageId: string;
    eventId: number;
    telegramUserId: number;
    stale?: boolean;
  }) {
    if (!INLINE_MESSAGE_ID.test(card.inlineMessageId)) return;
    await repo.recordCard(prisma, {
      inlineMessageId: card.inlineMessageId,
      eventId: card.eventId,
      sharedByTelegramId: String(card.telegramUserId),
      stale: card.stale ?? false,
    });
  }

  /**
   * POST /api/events/{id}/share: the same rule as inline mode (public events only: the card is read by
   * everyone in the chat), for the member's own Telegram account. Answers `{ preparedMessageId }`.
   */
  async function prepareShare(
    viewer: Viewer & { telegramId: string | null },
    eventId: number,
  ): Promise<{ preparedMessageId: string }> {
    const prepared = deps.telegramCards;
    if (!prepared) throw notFound(SHARE_MSG.noBot);
    const record = await access.visibleRecord(viewer, eventId);
    if (!record.isPublic) throw forbidden(SHARE_MSG.privateEvent);
    if (!viewer.telegramId) throw conflict(SHARE_MSG.noTelegram);
    const event = await repo.findCardEvent(prisma, eventId);
    if (!event) throw notFound(MSG.eventNotFound);
    return { preparedMessageId: await prepared.prepare(Number(viewer.telegramId), event) };
  }

  return { memberFor, shareableEvents, cardPosted, prepareShare };
}
