// Sharing event cards into Telegram chats: who the Telegram user is here (linked members only;
// an inline query or a tap never creates anyone), which events they may share, the posted copies to keep
// live, and the prepared message behind the Mini App's Share action.
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import type { Language } from '../../../../shared/i18n/languages';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import type { EventAccess } from '../events/event-access';
import * as repo from './shared-cards-repository';
import type { Viewer } from '../users/viewer';

export const SHARE_MSG = {
  noBot: MSG.noTelegramBot,
  noTelegram: MSG.shareNeedsTelegram,
  privateEvent: MSG.shareOnlyPublic,
} as const;

/** Telegram's inline message ids are short opaque strings; anything else is not stored. */
const INLINE_MESSAGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function createSharedCardsService(deps: Pick<AppDeps, 'now' | 'prisma' | 'telegramCards'>, access: EventAccess) {
  const { prisma } = deps;

  const memberFor = (telegramUserId: number): Promise<Viewer | null> =>
    repo.findLinkedMember(prisma, String(telegramUserId));

  const shareableEvents = (text: string, limit: number) => repo.findShareableEvents(prisma, text, deps.now(), limit);

  /**
   * Telegram reported a posted card (chosen_inline_result: the result it names was the bot's own answer), in
   * `language` (null: the organisation's).
   */
  async function cardPosted(card: {
    inlineMessageId: string;
    eventId: number;
    telegramUserId: number;
    language: Language | null;
  }) {
    if (!INLINE_MESSAGE_ID.test(card.inlineMessageId)) return;
    await repo.recordCard(prisma, {
      inlineMessageId: card.inlineMessageId,
      eventId: card.eventId,
      sharedByTelegramId: String(card.telegramUserId),
      language: card.language,
    });
  }

  /**
   * May a tap on this inline message act on `eventId`? Callback data is whatever the client sends, so the
   * message must be a recorded card of that very event, or, never recorded (posted from the Mini App without
   * Telegram reporting it), the tap must come from the member the server prepared a card of that event for,
   * while Telegram still honours the preparation: that tap records the card. Anything else changes nothing.
   */
  async function acceptTap(tap: { inlineMessageId: string; eventId: number; telegramUserId: number }) {
    if (!INLINE_MESSAGE_ID.test(tap.inlineMessageId)) return false;
    const recorded = await repo.findCardEventId(prisma, tap.inlineMessageId);
    if (recorded !== null) return recorded === tap.eventId;
    await repo.recordPreparedCard(prisma, {
      inlineMessageId: tap.inlineMessageId,
      eventId: tap.eventId,
      telegramUserId: String(tap.telegramUserId),
    });
    // Read back: a concurrent first tap may have recorded it, possibly as another event.
    return (await repo.findCardEventId(prisma, tap.inlineMessageId)) === tap.eventId;
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
    const message = await prepared.prepare(Number(viewer.telegramId), event);
    await repo.recordPreparedShare(prisma, {
      telegramUserId: viewer.telegramId,
      eventId,
      expiresAt: message.expiresAt,
    });
    return { preparedMessageId: message.id };
  }

  return { memberFor, shareableEvents, cardPosted, acceptTap, prepareShare };
}

export type SharedCardsService = ReturnType<typeof createSharedCardsService>;
