// The signed-in member's part of home: their next event (the soonest they are going to, wherever it is in the list,
// else the soonest of all)
// with its cover, date and their status, then Featured Events (SPEC §2): the 5 soonest upcoming events with RSVP
// controls, as cards on phones and tablets and as the SPEC's table from 1024 px. Its own chunk, so a signed-out
// visitor's first page carries no dropdown or date code.
import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import { Link } from '../../../../lib/router';
import type { EventSummary } from '../../../../../../shared/types';
import { buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { EmptyState } from '../../../../components/empty-state/empty-state';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { paths } from '../../../../config/paths';
import { defineMessages, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { dayHeading, detailTime, rowDateTime, shortDate } from '../../../../lib/dates';
import { imageSource } from '../../../../lib/images';
import { useFeaturedEvents, useMyNextEvent } from '../../api/get-events';
import styles from './featured-events.module.css';
import { RsvpDropdown, StatusLabel } from '../rsvp/rsvp';

const messages = defineMessages({
  yourNext: { id: 'web.events.featured.yourNext', defaultMessage: 'Your next event' },
  comingUp: { id: 'web.events.featured.comingUp', defaultMessage: 'Coming up next' },
  open: { id: 'web.events.featured.open', defaultMessage: 'Open' },
  openName: { id: 'web.events.featured.openName', defaultMessage: 'Open {name}' },
  reply: { id: 'web.events.featured.reply', defaultMessage: 'Reply' },
  replyName: { id: 'web.events.featured.replyName', defaultMessage: 'Reply to {name}' },
  details: { id: 'web.events.featured.details', defaultMessage: 'View Details' },
  detailsName: { id: 'web.events.featured.detailsName', defaultMessage: 'View Details: {name}' },
  name: { id: 'web.events.featured.name', defaultMessage: 'Event Name' },
  date: { id: 'web.events.featured.date', defaultMessage: 'Date' },
  status: { id: 'web.events.featured.status', defaultMessage: 'RSVP Status' },
  actions: { id: 'web.events.featured.actions', defaultMessage: 'Actions' },
  title: { id: 'web.events.featured.title', defaultMessage: 'Featured Events' },
  loading: { id: 'web.events.featured.loading', defaultMessage: 'Loading Events...' },
  seeAll: { id: 'web.events.featured.seeAll', defaultMessage: 'See all events' },
  none: { id: 'web.events.featured.none', defaultMessage: 'No upcoming events yet.' },
});

function NextEvent({ event, going }: { event: EventSummary; going: boolean }) {
  const t = useT();
  return (
    <section className={styles.next} aria-labelledby="next-event-title">
      <div className={styles.nextCover}>
        {event.imageUrl && (
          <img
            {...imageSource(event.imageUrl, 'card')}
            alt=""
            width={640}
            height={360}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
      <div className={styles.nextBody}>
        <p className={styles.eyebrow} id="next-event-title">
          {t(going ? messages.yourNext : messages.comingUp)}
        </p>
        <h2 className={styles.nextName}>
          <Link to={paths.event(event.id)} className={styles.nextLink}>
            {event.name}
          </Link>
        </h2>
        <p className={styles.nextWhen}>
          <CalendarDays size={18} aria-hidden="true" />
          <span>
            <time dateTime={event.date}>{dayHeading(event.date, event.timeZone)}</time>
            {' · '}
            {detailTime(event.date, event.timeZone)}
          </span>
        </p>
        {event.location && (
          <p className={styles.nextWhere}>
            <MapPin size={18} aria-hidden="true" />
            <span>{event.location}</span>
          </p>
        )}
        <div className={styles.nextFooter}>
          <StatusLabel status={event.myStatus} />
          <Link
            to={paths.event(event.id)}
            className={buttonClass({ size: 'small', variant: going ? 'secondary' : 'primary' })}
            aria-label={t(going ? messages.openName : messages.replyName, { name: event.name })}
          >
            {t(going ? messages.open : messages.reply)} <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Phones and tablets: one card per event with the same facts and actions as a table row. */
function FeaturedCards({ events }: { events: EventSummary[] }) {
  const t = useT();
  return (
    <ul className={styles.cards}>
      {events.map((event) => (
        <li key={event.id} className={styles.card}>
          <div className={styles.cardThumb}>
            {event.imageUrl && (
              <img {...imageSource(event.imageUrl, 'thumb')} alt="" width={160} height={160} loading="lazy" />
            )}
          </div>
          <div className={styles.cardBody}>
            <h3 className={styles.cardName}>{event.name}</h3>
            <p className={styles.cardWhen}>
              <time dateTime={event.date}>{rowDateTime(event.date, event.timeZone)}</time>
            </p>
            <StatusLabel status={event.myStatus} />
          </div>
          <div className={styles.cardActions}>
            <Link
              to={paths.event(event.id)}
              className={buttonClass({ size: 'small', variant: 'ghost' })}
              aria-label={t(messages.detailsName, { name: event.name })}
            >
              {t(messages.details)}
            </Link>
            <RsvpDropdown eventId={event.id} eventName={event.name} status={event.myStatus} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** From 1024 px: the SPEC's table (Event Name, Date, RSVP Status, Actions). */
function FeaturedTable({ events }: { events: EventSummary[] }) {
  const t = useT();
  return (
    <div className={`table-wrap ${styles.table}`}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t(messages.name)}</th>
            <th scope="col">{t(messages.date)}</th>
            <th scope="col">{t(messages.status)}</th>
            <th scope="col">{t(messages.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>{event.name}</td>
              <td>{shortDate(event.date, event.timeZone)}</td>
              <td>
                <StatusLabel status={event.myStatus} />
              </td>
              <td>
                <div className="button-group">
                  <Link to={paths.event(event.id)} aria-label={t(messages.detailsName, { name: event.name })}>
                    {t(messages.details)}
                  </Link>
                  <RsvpDropdown eventId={event.id} eventName={event.name} status={event.myStatus} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FeaturedEvents() {
  const t = useT();
  const events = useFeaturedEvents();
  const myNext = useMyNextEvent();
  // Both at once, so the next event's card never pushes the table down after it is drawn.
  if (events.isPending || myNext.isPending) return <Skeleton label={t(messages.loading)} />;
  if (events.isError) {
    return (
      <Card title={t(messages.title)}>
        <p role="alert">{errorMessage(events.error)}</p>
      </Card>
    );
  }
  const featured = events.data;
  // The member's own (asked for apart: the 5 soonest may all be others'), else the soonest of all.
  const mine = myNext.data ?? null;
  const next = mine ?? featured[0];
  return (
    <>
      {next && <NextEvent event={next} going={!!mine} />}
      <Card
        title={t(messages.title)}
        labelledBy="featured-events-title"
        actions={
          <Link to={paths.events} className={styles.seeAll}>
            {t(messages.seeAll)}
          </Link>
        }
      >
        {featured.length === 0 ? (
          <EmptyState icon={<CalendarDays size={22} />} title={t(messages.none)} />
        ) : (
          <>
            <FeaturedCards events={featured} />
            <FeaturedTable events={featured} />
          </>
        )}
      </Card>
    </>
  );
}
