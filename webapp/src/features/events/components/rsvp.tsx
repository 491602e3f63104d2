// RSVP in its two views (SPEC §4): a status label with an icon, and the compact 'Change RSVP' dropdown.
import { Check, ChevronDown, CircleHelp, Clock, X, type LucideIcon } from 'lucide-react';
import type { AttendanceStatus, RsvpStatus } from '../../../../../shared/constants';
import { Button } from '../../../components/button/button';
import { Menu, MenuItem } from '../../../components/menu/menu';
import { toast, toastError } from '../../../components/toast-store';
import { useAttendEvent } from '../api/attend-event';

const LABELS: Record<AttendanceStatus, [string, LucideIcon]> = {
  attending: ['Attending', Check],
  not_attending: ['Not Attending', X],
  maybe: ['Maybe', CircleHelp],
  waitlisted: ['Waitlisted', Clock],
  awaiting_guardian: ['Waiting for a guardian', Clock],
  not_responded: ['Not Responded', CircleHelp],
  not_authenticated: ['Not Responded', CircleHelp],
};

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
  const choose = (status: RsvpStatus) =>
    attend.mutate(
      { id: eventId, status },
      {
        onSuccess: () => toast({ title: 'RSVP updated', description: 'Your attendance status has been updated.' }),
        onError: () => toastError('Error', 'Failed to update attendance status. Please try again.'),
      },
    );
  return (
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
  );
}
