// The organiser's panel on the details page (creator or admin): everyone who replied, grouped by status with
// their guests (a minor marked with their consent, slip and photo state), a check-in toggle per attending member, check-in by pass, the CSV download and a message to
// attendees. The server checks every one of these permissions again.
import { Download } from 'lucide-react';
import type { Attendee } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button, buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { isMiniApp } from '../../../lib/telegram-mini-app';
import { commentDate } from '../../../lib/dates';
import { useCheckIn } from '../api/check-in';
import { useAttendees } from '../api/get-attendees';
import { attendeesCsvUrl, downloadAttendeesCsv } from '../api/attendees-csv';
import { AttendeeTable, type AttendeeColumn } from './attendees';
import { CheckInByPass } from './check-in-by-pass';
import { MessageAttendeesDialog } from './message-attendees-dialog';
import { MinorState } from './minor-state';
import { statusLabel } from './rsvp';
import styles from './organiser-panel.module.css';

// Captioned with the same words as the member's own status, so organiser and member speak alike.
const GROUPS: [Attendee['status'], string][] = (
  ['attending', 'awaiting_guardian', 'waitlisted', 'maybe', 'not_attending'] as const
).map((status) => [status, statusLabel(status)]);

function CheckInToggle({ eventId, attendee }: { eventId: number; attendee: Attendee & { id: number } }) {
  const checkIn = useCheckIn(eventId);
  const toggle = () =>
    checkIn.mutate(attendee.checkedIn ? { undo: attendee.id } : { input: { userId: attendee.id } }, {
      onError: (error) => toastError('Check-in failed', errorMessage(error)),
    });
  return (
    <Button
      variant={attendee.checkedIn ? 'primary' : 'secondary'}
      size="small"
      aria-pressed={attendee.checkedIn ?? false}
      aria-label={`Check in ${attendee.name}`}
      disabled={checkIn.isPending}
      onClick={toggle}
    >
      {attendee.checkedIn ? 'Checked in' : 'Check in'}
    </Button>
  );
}

function lastColumn(eventId: number, status: Attendee['status']): AttendeeColumn {
  if (status === 'attending') {
    return {
      header: 'Check-in',
      cell: (attendee) =>
        attendee.id !== null && <CheckInToggle eventId={eventId} attendee={{ ...attendee, id: attendee.id }} />,
    };
  }
  if (status === 'waitlisted') return { header: 'Place', cell: (attendee) => `#${attendee.waitlistPosition ?? '?'}` };
  return { header: 'Replied', cell: (attendee) => commentDate(attendee.respondedAt) };
}

function GroupTable({
  eventId,
  status,
  label,
  list,
}: {
  eventId: number;
  status: Attendee['status'];
  label: string;
  list: Attendee[];
}) {
  const people = list.reduce((sum, attendee) => sum + 1 + attendee.guests, 0);
  return (
    <AttendeeTable
      className={styles.table}
      caption={
        <>
          {label} <Badge>{people}</Badge>
        </>
      }
      list={list}
      aboutName={(attendee) => <MinorState attendee={attendee} />}
      columns={[{ header: 'Guests', cell: (attendee) => attendee.guests }, lastColumn(eventId, status)]}
    />
  );
}

export function OrganiserPanel({ eventId, className = '' }: { eventId: number; className?: string }) {
  const attendees = useAttendees(eventId);
  const list = attendees.data ?? [];
  return (
    <Card
      title="Organiser tools"
      labelledBy="organiser-title"
      className={className}
      actions={
        <>
          <a
            className={buttonClass({ variant: 'secondary', size: 'small' })}
            href={attendeesCsvUrl(eventId)}
            download
            onClick={(event) => {
              if (!isMiniApp()) return;
              event.preventDefault();
              downloadAttendeesCsv(eventId).catch((error: unknown) =>
                toastError('Download failed', errorMessage(error)),
              );
            }}
          >
            <Download size={16} aria-hidden="true" />
            Download CSV
          </a>
          <MessageAttendeesDialog eventId={eventId} />
        </>
      }
    >
      <CheckInByPass eventId={eventId} />
      {attendees.isPending && <p className="muted">Loading attendees...</p>}
      {!attendees.isPending && list.length === 0 && <p className="muted">No replies yet</p>}
      {GROUPS.map(([status, label]) => {
        const group = list.filter((attendee) => attendee.status === status);
        return (
          group.length > 0 && <GroupTable key={status} eventId={eventId} status={status} label={label} list={group} />
        );
      })}
    </Card>
  );
}
