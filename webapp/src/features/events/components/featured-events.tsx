// Featured Events on the home page (signed in): the 5 soonest upcoming events with RSVP controls (a first page
// of 5). Its own chunk, so a signed-out visitor's first page carries no dropdown or date code.
import { Link } from 'react-router-dom';
import { CalendarDays } from 'lucide-react';
import { Card } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { shortDate } from '../../../lib/dates';
import { useFeaturedEvents } from '../api/get-events';
import { RsvpDropdown, StatusLabel } from './rsvp';

export function FeaturedEvents() {
  const events = useFeaturedEvents();
  if (events.isPending) return <Skeleton label="Loading Events..." />;
  if (events.isError) {
    return (
      <Card title="Featured Events">
        <p role="alert">{errorMessage(events.error)}</p>
      </Card>
    );
  }
  const featured = events.data;
  return (
    <Card title="Featured Events">
      {featured.length === 0 ? (
        <EmptyState icon={<CalendarDays size={22} />} title="No upcoming events yet." />
      ) : (
        <div className="table-wrap">
          <table className="responsive-table">
            <thead>
              <tr>
                <th scope="col">Event Name</th>
                <th scope="col">Date</th>
                <th scope="col">RSVP Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {featured.map((event) => (
                <tr key={event.id}>
                  <td data-label="Event Name">{event.name}</td>
                  <td data-label="Date">{shortDate(event.date, event.timeZone)}</td>
                  <td data-label="RSVP Status">
                    <StatusLabel status={event.myStatus} />
                  </td>
                  <td data-label="Actions">
                    <div className="button-group">
                      <Link to={paths.event(event.id)} aria-label={`View Details: ${event.name}`}>
                        View Details
                      </Link>
                      <RsvpDropdown eventId={event.id} eventName={event.name} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={paths.events}>See all events</Link>
      </p>
    </Card>
  );
}
