// One event in the All Events grid (SPEC §2): cover with the date badge, name, long date, location, the
// attending count with the spots left, a 2-line description, the details link and the small join control.
import { Check, Clock, Hourglass, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { SeriesHint } from './series-hint';
import { Button, buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { longDateTime } from '../../../lib/dates';
import { ZoneNote } from '../../../components/zone-note/zone-note';
import { useTakePart } from '../../../components/take-part/take-part';
import { useAttendEvent } from '../api/attend-event';
import { listRsvpToast } from './rsvp';
import { EventCover } from './event-cover';
import styles from './event-card.module.css';
import { spotsText } from './rsvp-text';

function JoinButton({ event }: { event: EventSummary }) {
  const attend = useAttendEvent();
  const takePart = useTakePart();
  // On the waitlist, or held while a guardian decides, counts as joined here: pressing again gives it up.
  const waitlisted = event.myStatus === 'waitlisted';
  const awaiting = event.myStatus === 'awaiting_guardian';
  const joined = event.myStatus === 'attending' || waitlisted || awaiting;
  const reply = (status: 'attending' | 'not_attending') =>
    attend.mutate(
      { id: event.id, status },
      {
        onSuccess: (result) => toast(listRsvpToast(result)),
        onError: (error) =>
          takePart.intercept(error, () => reply(status)) ||
          toastError('Error', 'Failed to update attendance status. Please try again.'),
      },
    );
  return (
    <>
      {takePart.dialog}
      <Button
        variant="secondary"
        size="small"
        aria-pressed={joined}
        aria-label={
          waitlisted
            ? `On the waitlist for ${event.name}: click to leave`
            : awaiting
              ? `Waiting for a guardian to approve ${event.name}: click to cancel`
              : joined
                ? `Joined ${event.name}: click to cancel`
                : `Join ${event.name}`
        }
        disabled={attend.isPending}
        onClick={() => reply(joined ? 'not_attending' : 'attending')}
      >
        {attend.isPending ? (
          'Updating...'
        ) : awaiting ? (
          <>
            <Hourglass size={16} aria-hidden="true" /> Waiting for a guardian
          </>
        ) : waitlisted ? (
          <>
            <Hourglass size={16} aria-hidden="true" /> Waitlisted
          </>
        ) : joined ? (
          <>
            <Check size={16} aria-hidden="true" /> Joined
          </>
        ) : (
          'Join'
        )}
      </Button>
    </>
  );
}

export function EventCard({ event, priority = false }: { event: EventSummary; priority?: boolean }) {
  const spots = spotsText(event);
  return (
    <Card as="article" className={`event-card ${styles.card}`}>
      <EventCover event={event} variant="card" priority={priority} />
      <div className={styles.body}>
        <h2 className={styles.title}>{event.name}</h2>
        <p className={styles.meta}>
          <Clock size={16} aria-hidden="true" />
          <span>
            {longDateTime(event.date, event.timeZone)}
            <ZoneNote date={event.date} timeZone={event.timeZone} />
          </span>
        </p>
        {event.location && (
          <p className={styles.meta}>
            <MapPin size={16} aria-hidden="true" />
            <span className={styles.place}>{event.location}</span>
          </p>
        )}
        <p className={styles.description}>{event.description}</p>
        <div className={styles.footer}>
          <span className={styles.attending}>
            <Users size={16} aria-hidden="true" />
            {event.attendingCount} attending
            {spots && <Badge tone={event.spotsLeft === 0 ? 'warning' : 'success'}>{spots}</Badge>}
            <SeriesHint repeats={event.repeats} />
          </span>
          <div className={styles.actions}>
            <Link
              to={paths.event(event.id)}
              className={buttonClass({ size: 'small' })}
              aria-label={`View Event Details: ${event.name}`}
            >
              View Event Details
            </Link>
            <JoinButton event={event} />
          </div>
        </div>
      </div>
    </Card>
  );
}
