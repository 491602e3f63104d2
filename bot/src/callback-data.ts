// Typed callback data of the bot's inline buttons (Telegram allows at most 64 bytes per button).
import type { RsvpStatus } from '../../shared/constants';

export type LoginAction = 'confirm' | 'reject';

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

export const loginData = (action: LoginAction, loginId: string) =>
  `login:${action === 'confirm' ? 'c' : 'r'}:${loginId}`;

export function parseLoginData(data: string): { action: LoginAction; loginId: string } | null {
  const match = /^login:([cr]):([A-Za-z0-9_-]{16,48})$/.exec(data);
  if (!match) return null;
  return { action: match[1] === 'c' ? 'confirm' : 'reject', loginId: match[2]! };
}

export const LOGIN_DATA = /^login:/;
