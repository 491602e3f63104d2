// Sharing event cards into Telegram chats: who the Telegram user is here (linked members only;
// an inline query or a tap never creates anyone), which events they may share, the posted copies to keep
// live, and the prepared message behind the Mini App's Share action.
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import type { Language } from '../../../../shared/i18n/languages';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/secrets';
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

/** A prepared card's token: 128 random bits, 22 base64url characters (the card's callback data stays ≤ 40 bytes). */
const PREPARED_TOKEN_BYTES = 16;
/**
 * How long after Telegram stops offering the prepared message its token still ties a copy: one posted just
 * before then may first be tapped days later in a quiet group. The token names only its own public event.
 */
export const PREPARED_TOKEN_GRACE_MS = 7 * 86_400_000;

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
   * Telegram reporting it), the data must bring a token the server made for a card of that event, unused and
   * unexpired: the first member's tap that brings it records the card, whoever they are, and uses it up.
   * Anything else changes nothing.
   */
  async function acceptTap(tap: { inlineMessageId: string; eventId: number; token: string | null }) {
    if (!INLINE_MESSAGE_ID.test(tap.inlineMessageId)) return false;
    const recorded = await repo.findCardEventId(prisma, tap.inlineMessageId);
    if (recorded !== null) return recorded === tap.eventId;
    if (!tap.token) return false;
    await repo.bindPreparedCard(prisma, {
      inlineMessageId: tap.inlineMessageId,
      eventId: tap.eventId,
      tokenHash: sha256(tap.token),
    });
    // Read back: a concurrent first tap (or Telegram's report) may have recorded it, possibly as another event.
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
    // A chat is everyone in it: only events for the whole organisation are shared there.
    if (!record.isPublic || record.sectionId !== null) throw forbidden(SHARE_MSG.privateEvent);
    if (!viewer.telegramId) throw conflict(SHARE_MSG.noTelegram);
    const event = await repo.findCardEvent(prisma, eventId);
    if (!event) throw notFound(MSG.eventNotFound);
    // Made here and kept only as its hash: the card's buttons are the one place it is written.
    const token = randomToken(PREPARED_TOKEN_BYTES);
    const message = await prepared.prepare(Number(viewer.telegramId), event, token);
    await repo.recordPreparedShare(prisma, {
      tokenHash: sha256(token),
      telegramUserId: viewer.telegramId,
      eventId,
      expiresAt: new Date(message.expiresAt.getTime() + PREPARED_TOKEN_GRACE_MS),
    });
    return { preparedMessageId: message.id };
  }

  return { memberFor, shareableEvents, cardPosted, acceptTap, prepareShare };
}

export type SharedCardsService = ReturnType<typeof createSharedCardsService>;
