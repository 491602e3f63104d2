// Typed callback data of the bot's inline buttons (Telegram allows at most 64 bytes per button).
import type { RsvpStatus } from '../../shared/constants';

export const rsvpData = (eventId: number, status: RsvpStatus) =>
  `rsvp:${eventId}:${status === 'attending' ? 'a' : 'n'}`;

export function parseRsvpData(data: string): { eventId: number; status: RsvpStatus } | null {
  const match = /^rsvp:(\d{1,10}):([an])$/.exec(data);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId < 1 || eventId > 2_147_483_647) return null;
  return { eventId, status: match[2] === 'a' ? 'attending' : 'not_attending' };
}

export const RSVP_DATA = /^rsvp:/;

/** The login message's one button, "Not me" (a confirmation is typed, so there is no Confirm button). */
export const notMeData = (loginId: string) => `login:r:${loginId}`;

/** The login id of a "Not me" press; null for anything else (an old message's Confirm button included). */
export function parseNotMeData(data: string): string | null {
  return /^login:r:([A-Za-z0-9_-]{16,48})$/.exec(data)?.[1] ?? null;
}

export const LOGIN_DATA = /^login:/;
