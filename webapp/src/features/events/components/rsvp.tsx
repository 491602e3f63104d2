// RSVP in its two views (SPEC §4): a status label with an icon, and the compact 'Change RSVP' dropdown.
import { Check, ChevronDown, CircleHelp, Clock, X, type LucideIcon } from 'lucide-react';
import type { AttendanceStatus, RsvpStatus } from '../../../../../shared/constants';
import type { AttendResponse } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Menu, MenuItem } from '../../../components/menu/menu';
import { useTakePart } from '../../../components/take-part/take-part';
import { toast, toastError, type ToastInput } from '../../../components/toast-store';
import { useAttendEvent } from '../api/attend-event';

/** After 'attending' on an event that needs a guardian's approval, the member learns who was asked and why. */
export const AWAITING_GUARDIAN_TOAST: ToastInput = {
  title: 'Waiting for a guardian',
  description: 'We asked your parent or guardian to approve this event. Your place is held until they answer.',
};

/** The list's toast after a reply: the usual words, or who was asked when a guardian must approve. */
export const listRsvpToast = (result: AttendResponse): ToastInput =>
  result.status === 'awaiting_guardian'
    ? AWAITING_GUARDIAN_TOAST
    : { title: 'RSVP updated', description: 'Your attendance status has been updated.' };

const LABELS: Record<AttendanceStatus, [string, LucideIcon]> = {
  attending: ['Attending', Check],
  not_attending: ['Not Attending', X],
  maybe: ['Maybe', CircleHelp],
  waitlisted: ['Waitlisted', Clock],
  awaiting_guardian: ['Waiting for a guardian', Clock],
  not_responded: ['Not Responded', CircleHelp],
  not_authenticated: ['Not Responded', CircleHelp],
};

/** The one word for a reply status, wherever a status is shown: card, lists, attendee tables. */
export const statusLabel = (status: string): string => (LABELS[status as AttendanceStatus] ?? LABELS.not_responded)[0];

export function StatusLabel({ status }: { status: AttendanceStatus }) {
  const [label, Icon] = LABELS[status] ?? LABELS.not_responded;
  return (
    <span className={`status-label status-${status}`}>
      <Icon size={16} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

export function RsvpDropdown({ eventId, eventName }: { eventId: number; eventName: string }) {
  const attend = useAttendEvent();
  const takePart = useTakePart();
  const choose = (status: RsvpStatus) =>
    attend.mutate(
      { id: eventId, status },
      {
        onSuccess: (result) => toast(listRsvpToast(result)),
        onError: (error) =>
          takePart.intercept(error, () => choose(status)) ||
          toastError('Error', 'Failed to update attendance status. Please try again.'),
      },
    );
  return (
    <>
      {takePart.dialog}
      <Menu
        trigger={
          <Button
            variant="secondary"
            size="small"
            disabled={attend.isPending}
            aria-label={`Change RSVP for ${eventName}`}
          >
            {attend.isPending ? 'Updating...' : 'Change RSVP'} <ChevronDown size={16} aria-hidden="true" />
          </Button>
        }
      >
        <MenuItem onSelect={() => choose('attending')}>Attending</MenuItem>
        <MenuItem onSelect={() => choose('not_attending')}>Not Attending</MenuItem>
        {/* After the SPEC's two choices, so their order (and keyboard path) stays as it was. */}
        <MenuItem onSelect={() => choose('maybe')}>Maybe</MenuItem>
      </Menu>
    </>
  );
}
