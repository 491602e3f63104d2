// All Events (SPEC §2): cards sorted by date (unreadable dates last), filtered by the header search.
import { Link, useSearchParams } from 'react-router-dom';
import type { EventSummary } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { StateCard } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime, shortDate } from '../../../lib/dates';
import { useAttendEvent } from '../api/attend-event';
import { useEvents } from '../api/get-events';

function JoinButton({ event }: { event: EventSummary }) {
  const attend = useAttendEvent();
  const joined = event.myStatus === 'attending';
  return (
    <button
      type="button"
      className="button button-small"
      aria-pressed={joined}
      aria-label={joined ? `Joined ${event.name}: click to cancel` : `Join ${event.name}`}
      disabled={attend.isPending}
      onClick={() =>
        attend.mutate(
          { id: event.id, status: joined ? 'not_attending' : 'attending' },
          {
            onSuccess: () => toast({ title: 'RSVP updated', description: 'Your attendance status has been updated.' }),
            onError: () => toastError('Error', 'Failed to update attendance status. Please try again.'),
          },
        )
      }
    >
      {attend.isPending ? 'Updating...' : joined ? '✓ Joined' : 'Join'}
    </button>
  );
}

function EventCard({ event }: { event: EventSummary }) {
  return (
    <article className="card event-card">
      <h2>{event.name}</h2>
      <p className="event-meta">{shortDate(event.date)}</p>
      <img src={event.imageUrl} alt="" loading="lazy" width={320} height={180} />
      <p className="event-meta">{longDateTime(event.date)}</p>
      <p className="event-meta">
        <span aria-hidden="true">👥 </span>
        {event.attendingCount} attending
      </p>
      <p className="clamp-2">{event.description}</p>
      <div className="event-card-footer">
        <Link to={paths.event(event.id)} aria-label={`View Event Details: ${event.name}`}>
          View Event Details
        </Link>
        <JoinButton event={event} />
      </div>
    </article>
  );
}

export function EventsListPage() {
  const events = useEvents();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().toLowerCase();

  if (events.isPending) {
    return (
      <StateCard title="Loading Events..." role="status">
        <p>Please wait while we load the events...</p>
      </StateCard>
    );
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
      <section className="card">
        <h1 className="card-title">Upcoming Events</h1>
        <p>
          As a member you can browse and join our upcoming events. Click on an event to see its details and to register.
        </p>
        {query && (
          <p className="muted" role="status">
            {shown.length} {shown.length === 1 ? 'event matches' : 'events match'} “{params.get('q')}”.
          </p>
        )}
      </section>
      {shown.length > 0 && (
        <div className="card-grid">
          {shown.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
      )}
    </>
  );
}
