// One event in the All Events list (SPEC §2), as a compact row under its day's heading: the cover as a thumbnail,
// the name, a short date and time ('Wed 2 Dec · 6:00 PM') with the place, a 2-line description, the attending
// count with the spots left, and the join control as the row's main action. The name's link covers the whole row
// (a tap anywhere opens the event); the join button sits above it, never inside it.
import { Check, Hourglass, Lock, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { rowDateTime, zoneNote } from '../../../lib/dates';
import { imageSource } from '../../../lib/images';
import { useTakePart } from '../../../components/take-part/take-part';
import { useAttendEvent } from '../api/attend-event';
import { listRsvpToast } from './rsvp';
import styles from './event-row.module.css';
import { spotsText } from './rsvp-text';
import { SeriesHint } from './series-hint';

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
        variant={joined ? 'secondary' : 'primary'}
        size="small"
        className={styles.join}
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

export function EventRow({ event, priority = false }: { event: EventSummary; priority?: boolean }) {
  const spots = spotsText(event);
  const yours = zoneNote(event.date, event.timeZone)?.yours;
  return (
    <article className={`event-card ${styles.row}`}>
      <div className={styles.thumb}>
        {event.imageUrl && (
          <img
            {...imageSource(event.imageUrl, 'row')}
            alt=""
            width={176}
            height={99}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={paths.event(event.id)} className={styles.link} aria-label={`View Event Details: ${event.name}`}>
            {event.name}
          </Link>
        </h3>
        <p className={styles.when}>
          <time dateTime={event.date}>{rowDateTime(event.date, event.timeZone)}</time>
          {yours && <span className={styles.yours}> ({yours})</span>}
          {event.location && <span className={styles.place}>{event.location}</span>}
        </p>
        <p className={styles.description}>{event.description}</p>
      </div>
      <p className={styles.counts}>
        <span className={styles.count}>
          <Users size={14} aria-hidden="true" />
          {event.attendingCount} attending
        </span>
        {spots && <Badge tone={event.spotsLeft === 0 ? 'warning' : 'success'}>{spots}</Badge>}
        {!event.isPublic && (
          <Badge tone="warning">
            <Lock size={12} aria-hidden="true" />
            Private
          </Badge>
        )}
        <SeriesHint repeats={event.repeats} />
      </p>
      <div className={styles.action}>
        <JoinButton event={event} />
      </div>
    </article>
  );
}
