// Event details (SPEC §2): the cover, then what a friend opening a shared link wants first — the name, when,
// where (a map link), the host and the faces of those going, all within a phone's first screen (event-hero.tsx) —
// then RSVP, the facts table, the description, attendees and the discussion; Share and, for a manager, the Manage
// sheet at the top and, full width below, the organiser's panel (attendee table, check-in, CSV, messages); for a
// leader the event names who does not manage it, Register at the top.
import { ArrowLeft, CalendarX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from '../../../../lib/router';
import { managesEvent } from '../../../../../../shared/permissions';
import { Card, StateCard } from '../../../../components/card/card';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { paths } from '../../../../config/paths';
import { defineMessages, useT } from '../../../../i18n';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/auth';
import { useEvent } from '../../api/get-event';
import { AddToCalendar } from './add-to-calendar';
import { Attendees } from '../manage/attendees';
import { Discussion } from '../discussion/discussion';
import { EventCover } from '../common/event-cover';
import { EventFacts } from './event-facts';
import { EventHero } from './event-hero';
import { ManageEvent } from '../manage/manage-event';
import { LeadersWarning } from '../manage/leaders-warning';
import pageStyles from './event-details-page.module.css';
import styles from '../manage/organiser-panel.module.css';
import { RegisterLink } from '../register/register-link';
import { RsvpCard } from '../rsvp/rsvp-card';
import { ShareEvent } from './share-event';

// The organiser's tools (the attendee table, check-in, messages) load only for organisers: a member's page does
// not download or run code it never shows. The Manage button comes with the page, so that the toolbar does not
// grow and push the event down when it arrives; its sheet and dialogs load when wanted (manage-event.tsx).
const OrganiserPanel = lazy(() => import('../manage/organiser-panel').then((m) => ({ default: m.OrganiserPanel })));

const messages = defineMessages({
  back: { id: 'web.events.details.back', defaultMessage: 'Back to Events' },
  notFoundTitle: { id: 'web.events.details.notFoundTitle', defaultMessage: 'Event Not Found' },
  notFound: {
    id: 'web.events.details.notFound',
    defaultMessage: "The event you're looking for doesn't exist or has been removed.",
  },
  loading: { id: 'web.events.details.loading', defaultMessage: 'Loading Event Details...' },
  failed: { id: 'web.events.details.loadFailed', defaultMessage: 'Failed to fetch event' },
  description: { id: 'web.events.details.description', defaultMessage: 'Description' },
});

function BackToEvents() {
  const t = useT();
  return (
    <Link to={paths.events} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      {t(messages.back)}
    </Link>
  );
}

export function EventDetailsPage() {
  const t = useT();
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (event.isError && event.error instanceof ApiError && [403, 404].includes(event.error.status))
  ) {
    return (
      <StateCard title={t(messages.notFoundTitle)} icon={<CalendarX size={32} aria-hidden="true" />}>
        <p>{t(messages.notFound)}</p>
        <BackToEvents />
      </StateCard>
    );
  }
  if (event.isPending) return <Skeleton label={t(messages.loading)} shape="details" />;
  if (event.isError) {
    return (
      <StateCard title={t(messages.failed)} role="alert">
        <p>{errorMessage(event.error)}</p>
        <BackToEvents />
      </StateCard>
    );
  }
  const data = event.data;
  const canManage = Boolean(user && managesEvent(user, data));
  // A leader the event names takes its register, its one organiser's tool (the organiser's panel has it for
  // managers).
  const registerOnly = !canManage && data.mayTakeRegister === true;

  return (
    <>
      <div className="details-top">
        <BackToEvents />
        <div className={`button-group ${pageStyles.topActions}`}>
          {registerOnly && <RegisterLink eventId={data.id} />}
          <AddToCalendar event={data} />
          <ShareEvent event={data} />
        </div>
        {canManage && user && (
          <div className={pageStyles.manage}>
            <ManageEvent event={data} userId={user.id} />
          </div>
        )}
      </div>
      <LeadersWarning eventId={data.id} canManage={canManage} offerPicker />
      <article className="details-grid">
        <div className={`details-cover ${pageStyles.cover}`}>
          <EventCover event={data} variant="cover" priority />
        </div>
        <EventHero event={data} className="details-head" />
        <RsvpCard event={data} canManage={canManage} className="details-rsvp" />
        <EventFacts event={data} className="details-facts" />
        <Card title={t(messages.description)} className="details-description">
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
          <OrganiserPanel eventId={data.id} eventDate={data.date} className={styles.organiser} />
        </Suspense>
      )}
    </>
  );
}
