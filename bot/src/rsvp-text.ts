// What the bot says about an RSVP: the answer to a button press, the reply line under a notification, and an
// event's places in the /events list. Shared by the notification buttons and /events.
import { GrammyError } from 'grammy';
import { DomainError } from '../../shared/errors';
import type { AttendResponse, EventSummary } from '../../shared/types';

export const RSVP_TEXT = {
  gone: 'This event is no longer available.',
  invalid: 'This button is no longer valid.',
  updated: 'RSVP updated: Your attendance status has been updated.',
  joinWaitlist: 'Join the waitlist',
  leaveWaitlist: 'Leave the waitlist',
  willAttend: 'I Will Attend',
  cannotAttend: 'Cannot Attend',
} as const;

/** Pressing the same button twice leaves the text unchanged, which Telegram reports as an error. */
export const isNotModified = (error: unknown) =>
  error instanceof GrammyError && /message is not modified/i.test(error.description);

export const waitlistedText = (position: number) =>
  `The event is full: you are on the waitlist (position ${position}). We will tell you when a spot frees up.`;

/** The pop-up answer to a press. */
export const answerText = (result: AttendResponse) =>
  result.status === 'waitlisted' ? waitlistedText(result.waitlistPosition ?? 1) : RSVP_TEXT.updated;

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** "I Will Attend ✅ (3 people attending)", "On the waitlist ⏳ (position 2)", ... */
export function replyChoice(result: AttendResponse): string {
  switch (result.status) {
    case 'attending':
      return `I Will Attend ✅ (${people(result.attendingCount)} attending)`;
    case 'waitlisted':
      return `On the waitlist ⏳ (position ${result.waitlistPosition ?? 1})`;
    case 'maybe':
      return `Maybe 🤔 (${people(result.attendingCount)} attending)`;
    default:
      return `Cannot Attend ❌ (${people(result.attendingCount)} attending)`;
  }
}

/** "12 spots left", "Full · 3 on the waitlist"; empty without a capacity. */
export function placesText(event: EventSummary): string {
  if (event.spotsLeft === null) return '';
  if (event.spotsLeft > 0) return event.spotsLeft === 1 ? '1 spot left' : `${event.spotsLeft} spots left`;
  return event.waitlistCount > 0 ? `Full · ${event.waitlistCount} on the waitlist` : 'Full';
}

/** The member's own reply, as /events shows it; empty when they have not replied. */
export function myReplyText(event: EventSummary): string {
  switch (event.myStatus) {
    case 'attending':
      return 'You: attending ✅';
    case 'waitlisted':
      return `You: on the waitlist ⏳ (position ${event.myWaitlistPosition ?? 1})`;
    case 'maybe':
      return 'You: maybe 🤔';
    case 'not_attending':
      return 'You: not attending ❌';
    default:
      return '';
  }
}

/**
 * A refused press: an event gone or hidden from the member says so; a rule (RSVP closed, no spots for more
 * guests) gives its own message. Anything else is not the member's doing and is rethrown.
 */
export function refusalText(error: unknown): string {
  if (error instanceof DomainError) {
    if (error.kind === 'not_found' || error.kind === 'forbidden') return RSVP_TEXT.gone;
    if (error.kind === 'invalid' || error.kind === 'conflict') return error.message;
  }
  throw error;
}
