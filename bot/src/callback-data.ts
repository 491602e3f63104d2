// Typed callback data of the bot's inline buttons (Telegram allows at most 64 bytes per button).
import type { RsvpStatus } from '../../shared/constants';

const STATUS_CODE: Record<RsvpStatus, string> = { attending: 'a', not_attending: 'n', maybe: 'm' };
const CODE_STATUS: Record<string, RsvpStatus> = { a: 'attending', n: 'not_attending', m: 'maybe' };

/** Where an RSVP button sits: under a notification ('rsvp') or in the /events list ('ev'). */
export type RsvpButtonPlace = 'rsvp' | 'ev';

export const rsvpData = (eventId: number, status: RsvpStatus, place: RsvpButtonPlace = 'rsvp') =>
  `${place}:${eventId}:${STATUS_CODE[status]}`;

function parseData(place: RsvpButtonPlace, data: string): { eventId: number; status: RsvpStatus } | null {
  const match = new RegExp(`^${place}:(\\d{1,10}):([anm])$`).exec(data);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId < 1 || eventId > 2_147_483_647) return null;
  return { eventId, status: CODE_STATUS[match[2]!]! };
}

export const parseRsvpData = (data: string) => parseData('rsvp', data);
export const parseEventsListData = (data: string) => parseData('ev', data);

export const RSVP_DATA = /^rsvp:/;
export const EVENTS_LIST_DATA = /^ev:/;

/**
 * A guardian's Approve / Decline under a permission slip request. The ids only say which slip the tap is about;
 * the server checks that the tapping account is a guardian of that child.
 */
export const slipData = (eventId: number, childId: number, approve: boolean) =>
  `slip:${approve ? 'a' : 'd'}:${eventId}:${childId}`;

const MAX_ID = 2_147_483_647;

export function parseSlipData(data: string): { eventId: number; childId: number; approve: boolean } | null {
  const match = /^slip:([ad]):(\d{1,10}):(\d{1,10})$/.exec(data);
  if (!match) return null;
  const eventId = Number(match[2]);
  const childId = Number(match[3]);
  if (eventId < 1 || eventId > MAX_ID || childId < 1 || childId > MAX_ID) return null;
  return { eventId, childId, approve: match[1] === 'a' };
}

export const SLIP_DATA = /^slip:/;

/** The login message's one button, "Not me" (a confirmation is typed, so there is no Confirm button). */
export const notMeData = (loginId: string) => `login:r:${loginId}`;

/** The login id of a "Not me" press; null for anything else (an old message's Confirm button included). */
export function parseNotMeData(data: string): string | null {
  return /^login:r:([A-Za-z0-9_-]{16,48})$/.exec(data)?.[1] ?? null;
}

export const LOGIN_DATA = /^login:/;
