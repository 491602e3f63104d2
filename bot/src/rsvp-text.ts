// What the bot says about an RSVP: the answer to a button press, the reply line under a notification, and an
// event's places in the /events list. Shared by the notification buttons and /events.
import { GrammyError } from 'grammy';
import { DomainError } from '../../shared/errors';
import { errorText } from '../../shared/i18n/error-text';
import type { Language } from '../../shared/i18n/languages';
import type { AttendResponse, EventSummary } from '../../shared/types';
import { BOT } from './bot-messages';
import { botText } from './i18n';

/** The RSVP buttons' labels and short answers in a language. */
export const rsvpTexts = (language: Language) => ({
  gone: botText(language, BOT.gone),
  invalid: botText(language, BOT.invalidButton),
  updated: botText(language, BOT.updated),
  joinWaitlist: botText(language, BOT.joinWaitlist),
  leaveWaitlist: botText(language, BOT.leaveWaitlist),
  willAttend: botText(language, BOT.willAttend),
  cannotAttend: botText(language, BOT.cannotAttend),
});

/** In English, as the SPEC words them. */
export const RSVP_TEXT = rsvpTexts('en');

/** Pressing the same button twice leaves the text unchanged, which Telegram reports as an error. */
export const isNotModified = (error: unknown) =>
  error instanceof GrammyError && /message is not modified/i.test(error.description);

export const waitlistedText = (position: number, language: Language = 'en') =>
  botText(language, BOT.waitlisted, { position });

/** The pop-up answer to a press. */
export const answerText = (result: AttendResponse, language: Language) =>
  result.status === 'waitlisted'
    ? waitlistedText(result.waitlistPosition ?? 1, language)
    : botText(language, BOT.updated);

/** "I Will Attend ✅ (3 people attending)", "On the waitlist ⏳ (position 2)", ... */
export function replyChoice(result: AttendResponse, language: Language): string {
  const count = result.attendingCount;
  switch (result.status) {
    case 'attending':
      return botText(language, BOT.replyAttending, { count });
    case 'waitlisted':
      return botText(language, BOT.replyWaitlisted, { position: result.waitlistPosition ?? 1 });
    case 'maybe':
      return botText(language, BOT.replyMaybe, { count });
    default:
      return botText(language, BOT.replyNotAttending, { count });
  }
}

/** "12 spots left", "Full · 3 on the waitlist"; empty without a capacity. */
export function placesText(event: EventSummary, language: Language): string {
  if (event.spotsLeft === null) return '';
  if (event.spotsLeft > 0) return botText(language, BOT.spotsLeft, { count: event.spotsLeft });
  return event.waitlistCount > 0
    ? botText(language, BOT.fullWithWaitlist, { count: event.waitlistCount })
    : botText(language, BOT.full);
}

/** The member's own reply, as /events shows it; empty when they have not replied. */
export function myReplyText(event: EventSummary, language: Language): string {
  switch (event.myStatus) {
    case 'attending':
      return botText(language, BOT.youAttending);
    case 'waitlisted':
      return botText(language, BOT.youWaitlisted, { position: event.myWaitlistPosition ?? 1 });
    case 'maybe':
      return botText(language, BOT.youMaybe);
    case 'not_attending':
      return botText(language, BOT.youNotAttending);
    default:
      return '';
  }
}

/**
 * A refused press: an event gone or hidden from the member says so; a rule (RSVP closed, no spots for more
 * guests) gives its own message. Anything else is not the member's doing and is rethrown.
 */
export function refusalText(error: unknown, language: Language): string {
  if (error instanceof DomainError) {
    if (error.kind === 'not_found' || error.kind === 'forbidden') return botText(language, BOT.gone);
    if (error.kind === 'invalid' || error.kind === 'conflict') return errorText(error, language).text;
  }
  throw error;
}
