// The words for an event's capacity and closing time, the same on cards, the facts table and the RSVP card.
import type { EventSummary } from '../../../../../shared/types';
import { longDateTime } from '../../../lib/dates';

type Capacity = Pick<EventSummary, 'spotsLeft' | 'waitlistCount'>;

/** '3 spots left', '1 spot left', 'Full · 2 on the waitlist'; null when the event has no limit. */
export function spotsText({ spotsLeft, waitlistCount }: Capacity): string | null {
  if (spotsLeft === null) return null;
  if (spotsLeft > 0) return spotsLeft === 1 ? '1 spot left' : `${spotsLeft} spots left`;
  return `Full · ${waitlistCount} on the waitlist`;
}

export const isRsvpClosed = (rsvpClosesAt: string | null, now = Date.now()) =>
  rsvpClosesAt !== null && Date.parse(rsvpClosesAt) <= now;

/** 'RSVPs close Friday, …' before the closing time, 'RSVPs are closed' after it; null when replies stay open. */
export function closingText(rsvpClosesAt: string | null): string | null {
  if (rsvpClosesAt === null) return null;
  return isRsvpClosed(rsvpClosesAt) ? 'RSVPs are closed' : `RSVPs close ${longDateTime(rsvpClosesAt)}`;
}

/** No spot is left, so 'I Will Attend' would put the member on the waitlist: the button says so first. */
export const isFull = ({ spotsLeft }: Pick<EventSummary, 'spotsLeft'>) => spotsLeft !== null && spotsLeft <= 0;
