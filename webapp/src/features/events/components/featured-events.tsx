// The signed-in member's part of home: their next event (the soonest they are going to, else the soonest of all)
// with its cover, date and their status, then Featured Events (SPEC §2): the 5 soonest upcoming events with RSVP
// controls, as cards on phones and tablets and as the SPEC's table from 1024 px. Its own chunk, so a signed-out
// visitor's first page carries no dropdown or date code.
import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '../../../../../shared/types';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { dayHeading, detailTime, rowDateTime, shortDate } from '../../../lib/dates';
import { imageSource } from '../../../lib/images';
import { useFeaturedEvents } from '../api/get-events';
import styles from './featured-events.module.css';
import { RsvpDropdown, StatusLabel } from './rsvp';

/** Replies that hold (or wait for) a place: the member's own plans. */
const GOING: ReadonlyArray<EventSummary['myStatus']> = ['attending', 'waitlisted', 'maybe', 'awaiting_guardian'];

function NextEvent({ event, going }: { event: EventSummary; going: boolean }) {
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
          {going ? 'Your next event' : 'Coming up next'}
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
            aria-label={`${going ? 'Open' : 'Reply to'} ${event.name}`}
          >
            {going ? 'Open' : 'Reply'} <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Phones and tablets: one card per event with the same facts and actions as a table row. */
function FeaturedCards({ events }: { events: EventSummary[] }) {
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
              aria-label={`View Details: ${event.name}`}
            >
              View Details
            </Link>
            <RsvpDropdown eventId={event.id} eventName={event.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** From 1024 px: the SPEC's table (Event Name, Date, RSVP Status, Actions). */
function FeaturedTable({ events }: { events: EventSummary[] }) {
  return (
    <div className={`table-wrap ${styles.table}`}>
      <table>
        <thead>
          <tr>
            <th scope="col">Event Name</th>
            <th scope="col">Date</th>
            <th scope="col">RSVP Status</th>
            <th scope="col">Actions</th>
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
  );
}

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
  const mine = featured.find((event) => GOING.includes(event.myStatus));
  const next = mine ?? featured[0];
  return (
    <>
      {next && <NextEvent event={next} going={!!mine} />}
      <Card
        title="Featured Events"
        labelledBy="featured-events-title"
        actions={
          <Link to={paths.events} className={styles.seeAll}>
            See all events
          </Link>
        }
      >
        {featured.length === 0 ? (
          <EmptyState icon={<CalendarDays size={22} />} title="No upcoming events yet." />
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
