// The words for an event's capacity and closing time, the same on cards, the facts table and the RSVP card; and
// the first RSVP button's words, the same on the details page and in the list.
import type { EventSummary } from '../../../../../../shared/types';
import { defineMessages, translate } from '../../../../i18n';
import { longDateTime } from '../../../../lib/dates';

type Capacity = Pick<EventSummary, 'spotsLeft' | 'waitlistCount'>;

export const rsvpMessages = defineMessages({
  people: { id: 'web.events.details.people', defaultMessage: '{count, plural, one {# person} other {# people}}' },
  spotsLeft: {
    id: 'web.events.details.spotsLeft',
    defaultMessage: '{count, plural, one {# spot left} other {# spots left}}',
  },
  full: { id: 'web.events.details.full', defaultMessage: 'Full' },
  fullWithWaitlist: {
    id: 'web.events.details.fullWithWaitlist',
    defaultMessage: '{count, plural, one {Full · # on the waitlist} other {Full · # on the waitlist}}',
  },
  rsvpsClosed: { id: 'web.events.details.rsvpsClosed', defaultMessage: 'RSVPs are closed' },
  rsvpsClose: { id: 'web.events.details.rsvpsClose', defaultMessage: 'RSVPs close {when}' },
  willAttend: { id: 'web.events.details.willAttend', defaultMessage: 'I Will Attend' },
  joinWaitlist: { id: 'web.events.details.joinWaitlist', defaultMessage: 'Join the waitlist' },
  leaveWaitlist: { id: 'web.events.details.leaveWaitlist', defaultMessage: 'Leave the waitlist' },
});

/** '1 person', '3 people' (SPEC §2's attending count). */
export const peopleCount = (count: number) => translate(rsvpMessages.people, { count });

/** '3 spots left', '1 spot left', 'Full', 'Full · 2 on the waitlist'; null when the event has no limit. */
export function spotsText({ spotsLeft, waitlistCount }: Capacity): string | null {
  if (spotsLeft === null) return null;
  if (spotsLeft > 0) return translate(rsvpMessages.spotsLeft, { count: spotsLeft });
  // An empty waitlist is no news: 'Full' says what matters.
  if (waitlistCount === 0) return translate(rsvpMessages.full);
  return translate(rsvpMessages.fullWithWaitlist, { count: waitlistCount });
}

export const isRsvpClosed = (rsvpClosesAt: string | null, now = Date.now()) =>
  rsvpClosesAt !== null && Date.parse(rsvpClosesAt) <= now;

/** 'RSVPs close Friday, …' before the closing time, 'RSVPs are closed' after it; null when replies stay open. */
export function closingText(rsvpClosesAt: string | null): string | null {
  if (rsvpClosesAt === null) return null;
  return isRsvpClosed(rsvpClosesAt)
    ? translate(rsvpMessages.rsvpsClosed)
    : translate(rsvpMessages.rsvpsClose, { when: longDateTime(rsvpClosesAt) });
}

/** No spot is left, so 'I Will Attend' would put the member on the waitlist: the button says so first. */
export const isFull = ({ spotsLeft }: Pick<EventSummary, 'spotsLeft'>) => spotsLeft !== null && spotsLeft <= 0;
