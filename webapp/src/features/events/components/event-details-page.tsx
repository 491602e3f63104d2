// Event details (SPEC §2): the cover, the name, RSVP (above the fold on phones and desktops), the facts table,
// the description, attendees and the discussion; the creator's tools at the top and, full width below, the
// organiser's panel (attendee table, check-in, CSV, messages).
import { ArrowLeft, CalendarX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { mayManageEvent } from '../../../../../shared/permissions';
import { Card, StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useEvent } from '../api/get-event';
import { AddToCalendar } from './add-to-calendar';
import { Attendees } from './attendees';
import { CreatorActions } from './creator-actions';
import { Discussion } from './discussion';
import { EventCover } from './event-cover';
import { EventFacts } from './event-facts';
import { SeriesHint } from './series-hint';
import styles from './organiser-panel.module.css';
import { RsvpCard } from './rsvp-card';
import { ShareInTelegram } from './share-in-telegram';

// The organiser's tools (the attendee table, check-in, messages) load only for organisers: a member's page does
// not download or run code it never shows. The creator's buttons come with the page, so that the toolbar does not
// grow and push the event down when they arrive; their dialogs load when opened (creator-actions.tsx).
const OrganiserPanel = lazy(() => import('./organiser-panel').then((m) => ({ default: m.OrganiserPanel })));

function BackToEvents() {
  return (
    <Link to={paths.events} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      Back to Events
    </Link>
  );
}

export function EventDetailsPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (event.isError && event.error instanceof ApiError && [403, 404].includes(event.error.status))
  ) {
    return (
      <StateCard title="Event Not Found" icon={<CalendarX size={32} aria-hidden="true" />}>
        <p>The event you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <BackToEvents />
      </StateCard>
    );
  }
  if (event.isPending) return <Skeleton label="Loading Event Details..." shape="details" />;
  if (event.isError) {
    return (
      <StateCard title="Failed to fetch event" role="alert">
        <p>{errorMessage(event.error)}</p>
        <BackToEvents />
      </StateCard>
    );
  }
  const data = event.data;
  const canManage = Boolean(user && mayManageEvent(user, data));

  return (
    <>
      <div className="details-top">
        <BackToEvents />
        <div className="button-group">
          <AddToCalendar event={data} />
          <ShareInTelegram event={data} />
          {canManage && user && <CreatorActions event={data} userId={user.id} />}
        </div>
      </div>
      <article className="details-grid">
        <div className="details-cover">
          <EventCover event={data} variant="cover" priority />
        </div>
        <header className="details-head">
          <h1>{data.name}</h1>
          <p className="muted">{data.isPublic ? 'Public event' : 'Private event (invitation only)'}</p>
          <SeriesHint repeats={data.repeats} />
        </header>
        <RsvpCard event={data} canManage={canManage} className="details-rsvp" />
        <EventFacts event={data} className="details-facts" />
        <Card title="Description" className="details-description">
          <p className="pre-wrap">{data.description}</p>
        </Card>
        <Attendees eventId={data.id} className="details-attendees" />
        <Discussion
          eventId={data.id}
          viewerId={user?.id}
          canModerate={canManage || Boolean(user?.isAdmin)}
          className="details-discussion"
        />
      </article>
      {canManage && (
        <Suspense fallback={null}>
          <OrganiserPanel eventId={data.id} className={styles.organiser} />
        </Suspense>
      )}
    </>
  );
}
