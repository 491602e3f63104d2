// RSVP in its two views (SPEC §4): a status label with an icon, and the compact 'Change RSVP' dropdown.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { AttendanceStatus, RsvpStatus } from '../../../../../shared/constants';
import { toast, toastError } from '../../../components/toast-store';
import { useAttendEvent } from '../api/attend-event';

const LABELS: Record<AttendanceStatus, string> = {
  attending: 'Attending',
  not_attending: 'Not Attending',
  not_responded: 'Not Responded',
  not_authenticated: 'Not Responded',
};
const ICONS: Record<AttendanceStatus, string> = {
  attending: '✓',
  not_attending: '✗',
  not_responded: '?',
  not_authenticated: '?',
};

export function StatusLabel({ status }: { status: AttendanceStatus }) {
  return (
    <span className={`status-label status-${status}`}>
      <span aria-hidden="true">{ICONS[status]}</span>
      <span>{LABELS[status]}</span>
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="button button-secondary button-small"
        disabled={attend.isPending}
        aria-label={`Change RSVP for ${eventName}`}
      >
        {attend.isPending ? 'Updating...' : 'Change RSVP'} <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={4}>
          <DropdownMenu.Item className="menu-item" onSelect={() => choose('attending')}>
            Attending
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => choose('not_attending')}>
            Not Attending
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
