// The RSVP card of the details page (SPEC §2/§4): the current status and 'I Will Attend' / 'Cannot Attend',
// with who else is coming. Inside Telegram 'I Will Attend' is also on Telegram's MainButton.
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { RsvpStatus } from '../../../../../shared/constants';
import type { EventDetail } from '../../../../../shared/types';
import { AvatarStack } from '../../../components/avatar/avatar';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { toast, toastError } from '../../../components/toast-store';
import { useMainButton } from '../../../lib/use-main-button';
import { useAttendEvent } from '../api/attend-event';
import { useAttendees } from '../api/get-attendees';
import { StatusLabel } from './rsvp';

export const peopleCount = (count: number) => (count === 1 ? '1 person' : `${count} people`);

function GoingAvatars({ eventId }: { eventId: number }) {
  const attendees = useAttendees(eventId);
  const going = (attendees.data ?? [])
    .filter((attendee) => attendee.status === 'attending')
    .map((attendee, index) => ({ ...attendee, id: attendee.id ?? -index - 1 }));
  return <AvatarStack people={going} max={5} size={32} />;
}

export function RsvpCard({ event, className = '' }: { event: EventDetail; className?: string }) {
  const attend = useAttendEvent();
  const [choice, setChoice] = useState<RsvpStatus | null>(null);
  const reply = (status: RsvpStatus) => {
    setChoice(status);
    attend.mutate(
      { id: event.id, status },
      {
        onSuccess: () => toast({ title: 'Attendance updated' }),
        onError: () => toastError('Error', 'Failed to update attendance. Please sign in to attend events.'),
      },
    );
  };
  useMainButton(
    event.myStatus === 'attending'
      ? null
      : { text: 'I Will Attend', onClick: () => reply('attending'), busy: attend.isPending },
  );
  const button = (status: RsvpStatus, label: string, Icon: typeof Check) => (
    <Button
      variant="secondary"
      block
      aria-pressed={event.myStatus === status}
      disabled={attend.isPending}
      onClick={() => reply(status)}
    >
      <Icon size={18} aria-hidden="true" />
      {attend.isPending && choice === status ? 'Updating...' : label}
    </Button>
  );
  return (
    <Card title="Your RSVP" className={className} labelledBy="rsvp-title">
      <p>
        <StatusLabel status={event.myStatus} />
      </p>
      <div className="rsvp-buttons">
        {button('attending', 'I Will Attend', Check)}
        {button('not_attending', 'Cannot Attend', X)}
      </div>
      <p className="rsvp-going">
        <GoingAvatars eventId={event.id} />
        <span className="muted">{event.attendingCount} going</span>
      </p>
    </Card>
  );
}
