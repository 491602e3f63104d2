// All Events (SPEC §2): cards sorted by date (unreadable dates last), filtered by the header search.
import { SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { StateCard } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useEvents } from '../api/get-events';
import { EventCard } from './event-card';

export function EventsListPage() {
  const events = useEvents();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().toLowerCase();

  if (events.isPending) {
    return <Skeleton label="Loading Events..." detail="Please wait while we load the events..." shape="cards" />;
  }
  if (events.isError) {
    return (
      <StateCard title="Events" role="alert">
        <p>{errorMessage(events.error)}</p>
      </StateCard>
    );
  }
  const shown = query
    ? events.data.filter((event) =>
        [event.name, event.description, event.location].some((text) => text.toLowerCase().includes(query)),
      )
    : events.data;
  return (
    <>
      <header className="page-intro">
        <h1>Upcoming Events</h1>
        <p className="muted">
          As a member you can browse and join our upcoming events. Click on an event to see its details and to register.
        </p>
        {query && (
          <p role="status">
            {shown.length} {shown.length === 1 ? 'event matches' : 'events match'} “{params.get('q')}”.
          </p>
        )}
      </header>
      {shown.length > 0 ? (
        <div className="card-grid">
          {shown.map((event, index) => (
            <EventCard key={event.id} event={event} priority={index === 0} />
          ))}
        </div>
      ) : (
        query && <EmptyState icon={<SearchX size={22} />} title="No events match your search." />
      )}
    </>
  );
}
