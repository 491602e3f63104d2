// The bot's inline keyboards.
import { InlineKeyboard } from 'grammy';
import { notMeData, rsvpData, slipData } from './callback-data';
import type { Language } from '../../shared/i18n/languages';
import { BOT } from './bot-messages';
import { botText } from './i18n';
import { rsvpTexts } from './rsvp-text';

/**
 * 'I Will Attend' / 'Cannot Attend' under a notification (the SPEC's button labels); on a full event the first
 * reads 'Join the waitlist' (the same reply: the server waitlists it).
 */
export function rsvpKeyboard(eventId: number, full = false, language: Language = 'en') {
  const text = rsvpTexts(language);
  return new InlineKeyboard()
    .text(full ? text.joinWaitlist : text.willAttend, rsvpData(eventId, 'attending'))
    .text(text.cannotAttend, rsvpData(eventId, 'not_attending'));
}

/** Approve / Decline under a guardian's permission slip request, in the language of the request's text. */
export function slipKeyboard(eventId: number, childId: number, language: Language = 'en') {
  const text = slipTexts(language);
  return new InlineKeyboard()
    .text(text.approve, slipData(eventId, childId, true))
    .text(text.decline, slipData(eventId, childId, false));
}

/** The slip buttons' labels and what a press answers, in a language. */
export const slipTexts = (language: Language) => ({
  approve: botText(language, BOT.slipApprove),
  decline: botText(language, BOT.slipDecline),
  approved: botText(language, BOT.slipApproved),
  declined: botText(language, BOT.slipDeclined),
});

/** Only "Not me": confirming takes typing the code the browser shows, never a tap. */
export const loginKeyboard = (loginId: string, language: Language = 'en') =>
  new InlineKeyboard().text(botText(language, BOT.notMe), notMeData(loginId));

/**
 * A button opening the Mini App at `path`. Telegram only opens https pages as Mini Apps, so without an https
 * public URL there is no button (the caller then writes the link in the text). Mini App buttons work in
 * private chats only; elsewhere the button opens the same page in the browser.
 */
export function miniAppButton(
  publicUrl: string | undefined,
  path: string,
  label: string,
  privateChat = true,
): InlineKeyboard | undefined {
  if (!publicUrl?.startsWith('https://')) return undefined;
  const url = `${publicUrl}${path}`;
  return privateChat ? new InlineKeyboard().webApp(label, url) : new InlineKeyboard().url(label, url);
}

/** The menu button beside the message box, opening the Mini App's events (`publicUrl` is https). */
export function eventsMenuButton(publicUrl: string, language: Language) {
  return { type: 'web_app' as const, text: botText(language, BOT.menuButton), web_app: { url: `${publicUrl}/events` } };
}
