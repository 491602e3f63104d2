// The event card members share into any chat: its text, its buttons and the inline-query result
// that posts it. The same card is answered to inline queries, prepared for the Mini App's Share action and
// redrawn by the card refresher, so all three always look alike.
import { InlineKeyboard } from 'grammy';
import type { InlineQueryResultArticle, LinkPreviewOptions } from 'grammy/types';
import { momentWithZone } from '../../shared/date-format';
import { shorten } from '../../shared/text';
import type { CardEvent } from './bot-deps';
import { RSVP_TEXT } from './rsvp-text';

export const CARD_TEXT = {
  open: 'Open',
  /**
   * A card whose event is no longer public, or is gone: one text for both, so the chat cannot tell a deleted
   * event from one made private, and nothing of the event (not even its name) stays in the chat.
   */
  unavailable: RSVP_TEXT.gone,
  signInFirst: 'Sign in to share events',
  signInToReply: 'Open the bot and press Start to sign in, then tap again.',
} as const;

/** Where a card's button sits, in callback data: `card:<event id>:<a|n>`. */
const CARD_DATA_RE = /^card:(\d{1,10}):([an])$/;
export const CARD_DATA = /^card:/;
export const cardData = (eventId: number, status: 'attending' | 'not_attending') =>
  `card:${eventId}:${status === 'attending' ? 'a' : 'n'}`;

export function parseCardData(data: string): { eventId: number; status: 'attending' | 'not_attending' } | null {
  const match = CARD_DATA_RE.exec(data);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId < 1 || eventId > 2_147_483_647) return null;
  return { eventId, status: match[2] === 'a' ? 'attending' : 'not_attending' };
}

/** The inline result's id: `e<event id>` (Telegram echoes it in chosen_inline_result). */
export const resultId = (eventId: number) => `e${eventId}`;
export function eventIdOfResult(id: string): number | null {
  const eventId = Number(/^e(\d{1,10})$/.exec(id)?.[1] ?? 0);
  return eventId >= 1 && eventId <= 2_147_483_647 ? eventId : null;
}

/** Opens the event in the bot's main Mini App (`startapp` links need it set with BotFather). */
export const openLink = (botUsername: string, eventId: number) =>
  `https://t.me/${botUsername}?startapp=event_${eventId}`;

/** The bot's private chat, started with `payload` (how someone unknown signs in). */
export const startLink = (botUsername: string, payload: string) => `https://t.me/${botUsername}?start=${payload}`;

export interface CardOptions {
  botUsername?: string;
  publicUrl?: string;
  timeZone: string;
}

/** "Sat, 28 Nov 2026, 18:00 CET": the card may be read far from the event, so the zone is written out. */
export const cardMoment = momentWithZone;

/** "3 going · 7 spots left", "12 going · Full", or "3 going" without a capacity. */
export function countsLine(event: Pick<CardEvent, 'attendingPeople' | 'capacity'>): string {
  const going = `${event.attendingPeople} going`;
  if (event.capacity === null) return going;
  const left = event.capacity - event.attendingPeople;
  if (left <= 0) return `${going} · Full`;
  return `${going} · ${left === 1 ? '1 spot left' : `${left} spots left`}`;
}

/** The card's text; the time in the event's own zone (the organisation's for events without one). */
export function cardText(event: CardEvent, timeZone: string): string {
  return [
    `📅 ${event.name}`,
    '',
    `🕒 ${cardMoment(event.date, event.timeZone ?? timeZone)}`,
    `📍 ${event.location}`,
    `👥 ${countsLine(event)}`,
  ].join('\n');
}

/** An uploaded cover (WebP) as a large preview above the text; sample covers (SVG) cannot be previewed. */
function coverUrl(event: CardEvent, publicUrl: string | undefined): string | null {
  if (!publicUrl?.startsWith('https://') || !event.imageUrl.startsWith('/api/images/')) return null;
  return `${publicUrl}${event.imageUrl}`;
}

export function cardPreview(event: CardEvent, publicUrl: string | undefined): LinkPreviewOptions {
  const url = coverUrl(event, publicUrl);
  return url ? { url, prefer_large_media: true, show_above_text: true } : { is_disabled: true };
}

export function cardKeyboard(event: CardEvent, botUsername: string | undefined): InlineKeyboard {
  const full = event.capacity !== null && event.attendingPeople >= event.capacity;
  const keyboard = new InlineKeyboard()
    .text(full ? RSVP_TEXT.joinWaitlist : RSVP_TEXT.willAttend, cardData(event.id, 'attending'))
    .text(RSVP_TEXT.cannotAttend, cardData(event.id, 'not_attending'));
  return botUsername ? keyboard.row().url(CARD_TEXT.open, openLink(botUsername, event.id)) : keyboard;
}

/**
 * What a posted card shows: the event while it is public (everyone in the chat reads it, invited or not);
 * otherwise, or once it is gone, the neutral text without buttons or preview.
 */
export function renderCard(event: CardEvent | null, options: CardOptions) {
  if (!event?.isPublic) return { text: CARD_TEXT.unavailable, link_preview_options: { is_disabled: true } };
  return {
    text: cardText(event, options.timeZone),
    link_preview_options: cardPreview(event, options.publicUrl),
    reply_markup: cardKeyboard(event, options.botUsername),
  };
}

/** The inline result that posts the card (answered to @bot queries, and prepared for the Mini App). */
export function cardResult(event: CardEvent, options: CardOptions): InlineQueryResultArticle {
  const card = renderCard(event, options);
  const thumbnail = coverUrl(event, options.publicUrl);
  return {
    type: 'article',
    id: resultId(event.id),
    title: shorten(event.name, 100),
    description: shorten(
      `${cardMoment(event.date, event.timeZone ?? options.timeZone)} · ${event.location} · ${countsLine(event)}`,
      200,
    ),
    input_message_content: { message_text: card.text, link_preview_options: card.link_preview_options },
    reply_markup: card.reply_markup,
    ...(thumbnail ? { thumbnail_url: `${thumbnail}/480.webp` } : {}),
  };
}
