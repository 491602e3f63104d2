// Home (SPEC §2): welcome, About and Member Benefits; signed out a sign-in prompt, signed in Featured Events.
import { lazy, Suspense } from 'react';
import { Card } from '../../../components/ui';
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';

const FeaturedEvents = lazy(() => import('./featured-events').then((m) => ({ default: m.FeaturedEvents })));

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
        <Suspense fallback={<Card title="Loading Events..." />}>
          <FeaturedEvents />
        </Suspense>
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
