// Home (SPEC §2): welcome, About and Member Benefits; signed out a sign-in prompt, signed in Featured Events.
import { Link } from 'react-router-dom';
import { FEATURED_EVENTS_COUNT } from '../../../../../shared/constants';
import { Card } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';
import { shortDate } from '../../../lib/dates';
import { useEvents } from '../api/get-events';
import { RsvpDropdown, StatusLabel } from './rsvp';

function FeaturedEvents() {
  const events = useEvents();
  if (events.isPending) return <Card title="Loading Events..." />;
  if (events.isError) {
    return (
      <Card title="Featured Events">
        <p role="alert">{errorMessage(events.error)}</p>
      </Card>
    );
  }
  const featured = events.data.slice(0, FEATURED_EVENTS_COUNT);
  return (
    <Card title="Featured Events">
      {featured.length === 0 ? (
        <p className="muted">No upcoming events yet.</p>
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
                  <td data-label="Date">{shortDate(event.date)}</td>
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

export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <>
      <Card title="Welcome to Community Events" titleLevel={1}>
        <p>
          Your place to find out what is happening in our youth community: meetups, trips, workshops and more.
          {user ? ` Good to see you, ${user.name}!` : ''}
        </p>
      </Card>
      {isPending ? null : user ? (
        <FeaturedEvents />
      ) : (
        <>
          <Card title="Join the community">
            <p>Sign in to see upcoming events, RSVP and join the discussion.</p>
            <button type="button" className="button" onClick={openAuthDialog}>
              Login Now
            </button>
          </Card>
          <Card title="Member-Only Events">
            <p>Our events are listed for members only. Sign in to browse them and reply.</p>
            <button type="button" className="button button-secondary" onClick={openAuthDialog}>
              Login to View Events
            </button>
          </Card>
        </>
      )}
      <div className="two-columns">
        <Card title="About">
          <p>
            We are a youth community organisation that brings young people together through events, projects and
            friendship. Everyone is welcome.
          </p>
        </Card>
        <Card title="Member Benefits">
          <ul>
            <li>Exclusive access to member-only events</li>
            <li>SMS and Telegram notifications</li>
            <li>RSVP to events</li>
            <li>Connect with other members</li>
          </ul>
        </Card>
      </div>
    </>
  );
}
