// The facts table of the details page (SPEC §2): Date, Time, Location and the attending count; capacity
// and maybes when the event has them.
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';
import { detailDate, detailTime } from '../../../lib/dates';
import { ZoneNote } from '../../../components/zone-note/zone-note';
import { peopleCount } from './rsvp-card';
import { spotsText } from './rsvp-text';

export function EventFacts({ event, className = '' }: { event: EventDetail; className?: string }) {
  const rows: [string, ReactNode][] = [
    ['Date', detailDate(event.date, event.timeZone)],
    // The event's local time with its zone, and the viewer's own time when their clocks differ.
    [
      'Time',
      <>
        {detailTime(event.date, event.timeZone)}
        <ZoneNote date={event.date} timeZone={event.timeZone} />
      </>,
    ],
    ['Location', event.location || 'Location not specified'],
    ['Attending', peopleCount(event.attendingCount)],
  ];
  const spots = spotsText(event);
  if (spots) rows.push(['Capacity', `${peopleCount(event.capacity ?? 0)} · ${spots}`]);
  if (event.maybeCount > 0) rows.push(['Maybe', peopleCount(event.maybeCount)]);
  // The web app does not know the organisation's consent age, so the line names the rule rather than a number.
  if (event.requiresGuardianApproval) {
    rows.push([
      'Guardians',
      'Members under the age of consent need a parent or guardian to approve before they attend.',
    ]);
  }
  return (
    <Card title="Details" className={className} labelledBy="facts-title">
      <table>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
