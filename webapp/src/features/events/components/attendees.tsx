// The collapsible attendees table (SPEC §2: Name, Status). Its heading counts replies by status, so it never
// reads 'Attendees (1)' beside 'Attending: 0 people' when the one reply is 'not attending'.
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Attendee } from '../../../../../shared/types';
import { Avatar } from '../../../components/avatar/avatar';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { useAttendees } from '../api/get-attendees';
import { StatusLabel, statusLabel } from './rsvp';

/** The summary's order; its words are the status labels, written small inside the sentence. */
const SUMMARY_ORDER = ['attending', 'not_attending', 'maybe', 'waitlisted', 'awaiting_guardian', 'not_responded'];
const statusText = (status: string) => statusLabel(status).toLowerCase();

/** '2 attending · 1 not attending', in a fixed order; 'No replies yet' when nobody answered. */
export function replySummary(list: readonly Pick<Attendee, 'status'>[]): string {
  const counts = new Map<string, number>();
  for (const attendee of list)
    counts.set(statusText(attendee.status), (counts.get(statusText(attendee.status)) ?? 0) + 1);
  const parts = SUMMARY_ORDER.map(statusText)
    .filter((text) => counts.has(text))
    .map((text) => `${counts.get(text)} ${text}`);
  return parts.join(' · ') || 'No replies yet';
}

/** The name cell of an attendee table: picture (or initials) and name. */
export function AttendeeName({ attendee }: { attendee: Pick<Attendee, 'name' | 'avatarUrl'> }) {
  return (
    <span className="person">
      <Avatar name={attendee.name} url={attendee.avatarUrl} size={28} />
      {attendee.name || 'Anonymous'}
    </span>
  );
}

export interface AttendeeColumn {
  header: string;
  cell: (attendee: Attendee) => ReactNode;
}

/**
 * A table of attendees: the name (with picture) first, then the given columns. `aboutName` adds a line under
 * the name (the organiser's view of a minor).
 */
export function AttendeeTable({
  list,
  columns,
  caption,
  className,
  aboutName,
}: {
  list: readonly Attendee[];
  columns: AttendeeColumn[];
  caption?: ReactNode;
  className?: string;
  aboutName?: (attendee: Attendee) => ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={className}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Name</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((attendee, index) => (
            <tr key={attendee.id ?? `hidden-${index}`}>
              <td>
                <AttendeeName attendee={attendee} />
                {aboutName?.(attendee)}
              </td>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(attendee)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Attendees({ eventId, className = '' }: { eventId: number; className?: string }) {
  const [open, setOpen] = useState(false);
  const attendees = useAttendees(eventId);
  const list = attendees.data ?? [];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className={className}>
      <Card
        title="Attendees"
        labelledBy="attendees-title"
        actions={
          <Collapsible.Trigger className={buttonClass({ variant: 'secondary', size: 'small' })}>
            {open ? 'Hide attendees' : 'Show attendees'}
            <ChevronDown size={16} aria-hidden="true" style={{ rotate: open ? '180deg' : undefined }} />
          </Collapsible.Trigger>
        }
      >
        <p className="muted">{attendees.isPending ? 'Loading attendees...' : replySummary(list)}</p>
        <Collapsible.Content>
          {list.length > 0 && (
            <AttendeeTable
              list={list}
              columns={[{ header: 'Status', cell: (attendee) => <StatusLabel status={attendee.status} /> }]}
            />
          )}
        </Collapsible.Content>
      </Card>
    </Collapsible.Root>
  );
}
