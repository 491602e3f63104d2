// The event card members share into any chat: its text, its buttons and the inline-query result
// that posts it. The same card is answered to inline queries, prepared for the Mini App's Share action and
// redrawn by the card refresher, so all three always look alike.
import { InlineKeyboard } from 'grammy';
import type { InlineQueryResultArticle, LinkPreviewOptions } from 'grammy/types';
import { momentWithZone } from '../../shared/date-format';
import { defineMessages } from '../../shared/i18n/define';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import { shorten } from '../../shared/text';
import type { CardEvent } from './bot-deps';
import { BOT } from './bot-messages';
import { botText } from './i18n';
import { rsvpTexts } from './rsvp-text';

const CARD = defineMessages({
  open: { id: 'bot.card.open', defaultMessage: 'Open' },
  going: { id: 'bot.card.going', defaultMessage: '{count, plural, one {# going} other {# going}}' },
  signInFirst: { id: 'bot.card.signInFirst', defaultMessage: 'Sign in to share events' },
  signInToReply: {
    id: 'bot.card.signInToReply',
    defaultMessage: 'Open the bot and press Start to sign in, then tap again.',
  },
});

/** The card's words in a language. */
export const cardTexts = (language: Language) => ({
  open: botText(language, CARD.open),
  /**
   * A card whose event is no longer public, or is gone: one text for both, so the chat cannot tell a deleted
   * event from one made private, and nothing of the event (not even its name) stays in the chat.
   */
  unavailable: botText(language, BOT.gone),
  signInFirst: botText(language, CARD.signInFirst),
  signInToReply: botText(language, CARD.signInToReply),
});

/** In English, as the SPEC words them. */
export const CARD_TEXT = cardTexts('en');

/**
 * A card's button, in callback data: `card:<event id>:<a|n>`, and on a card prepared for the Mini App's Share
 * action `card:<event id>:<a|n>:<token>`: the server's random token (22 base64url characters, 128 bits) lets
 * the first tap on a copy Telegram never reported tie it to that event. At most 40 bytes of Telegram's 64.
 */
const CARD_DATA_RE = /^card:(\d{1,10}):([an])(?::([A-Za-z0-9_-]{22}))?$/;
export const CARD_DATA = /^card:/;
export const cardData = (eventId: number, status: 'attending' | 'not_attending', token?: string) =>
  `card:${eventId}:${status === 'attending' ? 'a' : 'n'}${token ? `:${token}` : ''}`;

export function parseCardData(
  data: string,
): { eventId: number; status: 'attending' | 'not_attending'; token: string | null } | null {
  const match = CARD_DATA_RE.exec(data);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId < 1 || eventId > 2_147_483_647) return null;
  return { eventId, status: match[2] === 'a' ? 'attending' : 'not_attending', token: match[3] ?? null };
}

/**
 * The inline result's id, which Telegram echoes in chosen_inline_result: `e<event id>` for a card in the
 * organisation's language, `e<event id>-<language>` for one in a member's own (null: the organisation's).
 */
export const resultId = (eventId: number, language: Language | null = null) =>
  language ? `e${eventId}-${language}` : `e${eventId}`;
export function parseResultId(id: string): { eventId: number; language: Language | null } | null {
  const match = /^e(\d{1,10})(?:-([a-z]{2}))?$/.exec(id);
  const eventId = Number(match?.[1] ?? 0);
  if (!match || eventId < 1 || eventId > 2_147_483_647) return null;
  const language = match[2] ?? null;
  if (language !== null && !isLanguage(language)) return null;
  return { eventId, language };
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
export function countsLine(event: Pick<CardEvent, 'attendingPeople' | 'capacity'>, language: Language = 'en'): string {
  const going = botText(language, CARD.going, { count: event.attendingPeople });
  if (event.capacity === null) return going;
  const left = event.capacity - event.attendingPeople;
  if (left <= 0) return `${going} · ${botText(language, BOT.full)}`;
  return `${going} · ${botText(language, BOT.spotsLeft, { count: left })}`;
}

/** The card's text; the time in the event's own zone (the organisation's for events without one). */
export function cardText(event: CardEvent, timeZone: string, language: Language = 'en'): string {
  return [
    `📅 ${event.name}`,
    '',
    `🕒 ${cardMoment(event.date, event.timeZone ?? timeZone, language)}`,
    `📍 ${event.location}`,
    `👥 ${countsLine(event, language)}`,
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

/** The card's buttons; `token`: the server's, on a card prepared for the Mini App (redrawn cards carry none). */
export function cardKeyboard(
  event: CardEvent,
  botUsername: string | undefined,
  language: Language = 'en',
  token?: string,
) {
  const full = event.capacity !== null && event.attendingPeople >= event.capacity;
  const text = rsvpTexts(language);
  const keyboard = new InlineKeyboard()
    .text(full ? text.joinWaitlist : text.willAttend, cardData(event.id, 'attending', token))
    .text(text.cannotAttend, cardData(event.id, 'not_attending', token));
  return botUsername ? keyboard.row().url(botText(language, CARD.open), openLink(botUsername, event.id)) : keyboard;
}

/**
 * What a posted card shows, in `language`: the event while it is public (everyone in the chat reads it, invited
 * or not); otherwise, or once it is gone, the neutral text without buttons or preview.
 */
export function renderCard(event: CardEvent | null, options: CardOptions, language: Language, token?: string) {
  if (!event?.isPublic) {
    return { text: botText(language, BOT.gone), link_preview_options: { is_disabled: true } };
  }
  return {
    text: cardText(event, options.timeZone, language),
    link_preview_options: cardPreview(event, options.publicUrl),
    reply_markup: cardKeyboard(event, options.botUsername, language, token),
  };
}

/**
 * The inline result that posts the card (answered to @bot queries, and prepared for the Mini App), written in
 * `language.card`; `language.chosen` null says the card follows the organisation's language when redrawn.
 * `token`: the server's, for a prepared card (see cardData).
 */
export function cardResult(
  event: CardEvent,
  options: CardOptions,
  language: { card: Language; chosen: Language | null },
  token?: string,
): InlineQueryResultArticle {
  const card = renderCard(event, options, language.card, token);
  const thumbnail = coverUrl(event, options.publicUrl);
  const moment = cardMoment(event.date, event.timeZone ?? options.timeZone, language.card);
  return {
    type: 'article',
    id: resultId(event.id, language.chosen),
    title: shorten(event.name, 100),
    description: shorten(`${moment} · ${event.location} · ${countsLine(event, language.card)}`, 200),
    input_message_content: { message_text: card.text, link_preview_options: card.link_preview_options },
    reply_markup: card.reply_markup,
    ...(thumbnail ? { thumbnail_url: `${thumbnail}/480.webp` } : {}),
  };
}
