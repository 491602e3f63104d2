// The collapsible attendees table (Name, Status); statuses other than the two answers read 'not responded'.
import * as Collapsible from '@radix-ui/react-collapsible';
import { useState } from 'react';
import { useAttendees } from '../api/get-attendees';

const statusText = (status: string) =>
  status === 'attending' ? 'attending' : status === 'not_attending' ? 'not attending' : 'not responded';

export function Attendees({ eventId }: { eventId: number }) {
  const [open, setOpen] = useState(false);
  const attendees = useAttendees(eventId);
  const list = attendees.data ?? [];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="card">
      <div className="card-header">
        <h2 className="card-title">Attendees ({list.length})</h2>
        <Collapsible.Trigger className="button button-secondary button-small">
          {open ? 'Hide attendees' : 'Show attendees'}
        </Collapsible.Trigger>
      </div>
      <Collapsible.Content>
        {attendees.isPending ? (
          <p role="status">Loading attendees...</p>
        ) : list.length === 0 ? (
          <p className="muted">Nobody has replied yet.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.map((attendee) => (
                  <tr key={attendee.id}>
                    <td>{attendee.name || 'Anonymous'}</td>
                    <td>{statusText(attendee.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
