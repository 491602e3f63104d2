// The facts table of the details page (SPEC §2): Date, Time, Location and the attending count.
import type { EventDetail } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';
import { detailDate, detailTime } from '../../../lib/dates';
import { peopleCount } from './rsvp-card';

export function EventFacts({ event, className = '' }: { event: EventDetail; className?: string }) {
  const rows: [string, string][] = [
    ['Date', detailDate(event.date)],
    ['Time', detailTime(event.date)],
    ['Location', event.location || 'Location not specified'],
    ['Attending', peopleCount(event.attendingCount)],
  ];
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
