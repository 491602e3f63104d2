// The RSVP card of the details page (SPEC §2/§4): the current status and 'I Will Attend' / 'Maybe' /
// 'Cannot Attend', the guests stepper, the waitlist place, the closing time and the member's pass, with who
// else is coming. On a full event the first button reads 'Join the waitlist', and 'Leave the waitlist' once
// there. Inside Telegram the first button is also on Telegram's MainButton.
import { Check, CircleHelp, Clock, LogOut, X } from 'lucide-react';
import { useState } from 'react';
import type { RsvpStatus } from '../../../../../shared/constants';
import type { AttendResponse, EventDetail } from '../../../../../shared/types';
import { AvatarStack } from '../../../components/avatar/avatar';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { useTakePart } from '../../../components/take-part/take-part';
import { toast, toastError } from '../../../components/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useMainButton } from '../../../lib/use-main-button';
import { useAttendEvent } from '../api/attend-event';
import { useAttendees } from '../api/get-attendees';
import { GuestsStepper } from './guests-stepper';
import { MemberPass } from './member-pass';
import { AWAITING_GUARDIAN_TOAST, StatusLabel } from './rsvp';
import styles from './rsvp-card.module.css';
import { closingText, isFull, isRsvpClosed, spotsText } from './rsvp-text';

export const peopleCount = (count: number) => (count === 1 ? '1 person' : `${count} people`);

export const waitlistText = (position: number | null | undefined) =>
  `You're on the waitlist${position ? ` (#${position})` : ''}`;

function GoingAvatars({ eventId }: { eventId: number }) {
  const attendees = useAttendees(eventId);
  const going = (attendees.data ?? [])
    .filter((attendee) => attendee.status === 'attending')
    .map((attendee, index) => ({ ...attendee, id: attendee.id ?? -index - 1 }));
  return <AvatarStack people={going} max={5} size={32} />;
}

/** A closed RSVP (409) says so; anything else keeps SPEC §8's details-page message. */
function rsvpFailed(error: unknown) {
  const closed = error instanceof ApiError && error.status === 409 && error.serverMessage;
  toastError('Error', closed || 'Failed to update attendance. Please sign in to attend events.');
}

function rsvpSaved(result: AttendResponse) {
  toast(
    result.status === 'waitlisted'
      ? { title: 'Attendance updated', description: `The event is full. ${waitlistText(result.waitlistPosition)}.` }
      : result.status === 'awaiting_guardian'
        ? AWAITING_GUARDIAN_TOAST
        : { title: 'Attendance updated' },
  );
}

interface RsvpCardProps {
  event: EventDetail;
  /** The creator and admins may still change replies after the closing time. */
  canManage?: boolean;
  className?: string;
}

export function RsvpCard({ event, canManage = false, className = '' }: RsvpCardProps) {
  const attend = useAttendEvent();
  const takePart = useTakePart();
  // Which button was pressed: 'Leave the waitlist' and 'Cannot Attend' send the same reply.
  const [choice, setChoice] = useState<string | null>(null);
  const [guests, setGuests] = useState(event.myGuests);
  const waitlisted = event.myStatus === 'waitlisted';
  const holding = event.myStatus === 'attending' || event.myStatus === 'awaiting_guardian';
  const going = holding || waitlisted;
  const locked = isRsvpClosed(event.rsvpClosesAt) && !canManage;
  // On a full event the first button says what it will do before it is pressed.
  const attendLabel = !holding && isFull(event) ? 'Join the waitlist' : 'I Will Attend';
  const reply = (status: RsvpStatus, guestCount = guests, pressed: string = status) => {
    setChoice(pressed);
    attend.mutate(
      { id: event.id, status, ...(status === 'attending' && event.guestsAllowed > 0 ? { guests: guestCount } : {}) },
      {
        onSuccess: rsvpSaved,
        onError: (error) => takePart.intercept(error, () => reply(status, guestCount, pressed)) || rsvpFailed(error),
      },
    );
  };
  // Already going: a new guest count is a new reply at once; otherwise it goes with 'I Will Attend'.
  const changeGuests = (count: number) => {
    setGuests(count);
    if (going) reply('attending', count);
  };
  useMainButton(
    holding || waitlisted || locked || takePart.open
      ? null
      : { text: attendLabel, onClick: () => reply('attending'), busy: attend.isPending },
  );
  const button = (
    key: string,
    status: RsvpStatus,
    label: string,
    Icon: typeof Check,
    // null: an action rather than a choice, so no pressed state at all.
    pressed: boolean | null = event.myStatus === status,
  ) => (
    <Button
      variant="secondary"
      block
      aria-pressed={pressed ?? undefined}
      disabled={attend.isPending || locked}
      onClick={() => reply(status, guests, key)}
    >
      <Icon size={18} aria-hidden="true" />
      {attend.isPending && choice === key ? 'Updating...' : label}
    </Button>
  );
  const spots = spotsText(event);
  const closing = closingText(event.rsvpClosesAt);
  return (
    <Card title="Your RSVP" className={className} labelledBy="rsvp-title">
      <p>
        <StatusLabel status={event.myStatus} />
      </p>
      {takePart.dialog}
      {event.myStatus === 'awaiting_guardian' && (
        <p className={styles.waitlist} role="status">
          <Clock size={18} aria-hidden="true" />
          Your place is held while a parent or guardian decides.
        </p>
      )}
      {event.myStatus === 'waitlisted' && (
        <p className={styles.waitlist} role="status">
          <Clock size={18} aria-hidden="true" />
          {waitlistText(event.myWaitlistPosition)}
        </p>
      )}
      {event.guestsAllowed > 0 && (
        <GuestsStepper
          value={Math.min(guests, event.guestsAllowed)}
          max={event.guestsAllowed}
          disabled={attend.isPending || locked}
          onChange={changeGuests}
        />
      )}
      <div className="rsvp-buttons">
        {waitlisted
          ? // The waitlist place is said above; this button only leaves it.
            button('leave-waitlist', 'not_attending', 'Leave the waitlist', LogOut, null)
          : button('attending', 'attending', attendLabel, attendLabel === 'I Will Attend' ? Check : Clock, holding)}
        {button('maybe', 'maybe', 'Maybe', CircleHelp)}
        {button('not_attending', 'not_attending', 'Cannot Attend', X)}
      </div>
      {event.myStatus === 'attending' && (
        <div className={styles.passRow}>
          <MemberPass eventId={event.id} eventName={event.name} />
        </div>
      )}
      <p className="rsvp-going">
        <GoingAvatars eventId={event.id} />
        <span className="muted">
          {event.attendingCount} going{spots && ` · ${spots}`}
        </span>
      </p>
      {closing && <p className={`muted ${styles.closing}`}>{closing}</p>}
    </Card>
  );
}
