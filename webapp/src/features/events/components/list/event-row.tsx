// One event in the All Events list (SPEC §2), as a compact row under its day's heading: the cover as a thumbnail,
// the name, the time and the place (the heading already says the day), a 2-line description, the attending count
// (once someone is) with the spots left, 'View Event Details' and the join control as the row's main action. The
// name's link covers the whole row (a tap anywhere, the SPEC's words included, opens the event); the join button
// sits above it, never inside it. On a full event the button reads 'Join the waitlist', then 'Leave the waitlist',
// as on the details page. The place is here only when the list gave it: the server decides who may read it.
import { Check, ChevronRight, Hourglass, Lock, LogOut, Users } from 'lucide-react';
import { Link } from '../../../../lib/router';
import type { EventSummary } from '../../../../../../shared/types';
import { Badge } from '../../../../components/badge/badge';
import { Button } from '../../../../components/button/button';
import { toast, toastError } from '../../../../components/toast-store';
import { paths } from '../../../../config/paths';
import { zoneNote } from '../../../../lib/date-zones';
import { detailTime } from '../../../../lib/dates';
import { imageSource } from '../../../../lib/images';
import { useTakePart } from '../../../../components/take-part/take-part';
import { defineMessages, translate, useT } from '../../../../i18n';
import { useAttendEvent } from '../../api/attend-event';
import { listRsvpToast } from '../rsvp/rsvp';
import styles from './event-row.module.css';
import { isFull, rsvpMessages, spotsText } from '../rsvp/rsvp-text';
import { SectionTag } from '../common/section-tag';
import { SeriesHint } from '../common/series-hint';

const messages = defineMessages({
  errorTitle: { id: 'web.events.row.errorTitle', defaultMessage: 'Error' },
  failed: {
    id: 'web.events.row.rsvpFailed',
    defaultMessage: 'Failed to update attendance status. Please try again.',
  },
  updating: { id: 'web.events.row.updating', defaultMessage: 'Updating...' },
  join: { id: 'web.events.row.join', defaultMessage: 'Join' },
  joinLabel: { id: 'web.events.row.joinLabel', defaultMessage: 'Join {name}' },
  joinWaitlistLabel: { id: 'web.events.row.joinWaitlistLabel', defaultMessage: 'Join the waitlist for {name}' },
  leaveWaitlistLabel: { id: 'web.events.row.leaveWaitlistLabel', defaultMessage: 'Leave the waitlist for {name}' },
  joined: { id: 'web.events.row.joined', defaultMessage: 'Joined' },
  joinedLabel: { id: 'web.events.row.joinedLabel', defaultMessage: 'Joined {name}: click to cancel' },
  awaiting: { id: 'web.events.row.awaitingGuardian', defaultMessage: 'Waiting for a guardian' },
  awaitingLabel: {
    id: 'web.events.row.awaitingGuardianLabel',
    defaultMessage: 'Waiting for a guardian to approve {name}: click to cancel',
  },
  viewDetails: { id: 'web.events.row.viewDetails', defaultMessage: 'View Event Details: {name}' },
  viewDetailsShort: { id: 'web.events.row.viewDetailsShort', defaultMessage: 'View Event Details' },
  attending: {
    id: 'web.events.row.attending',
    defaultMessage: '{count, plural, one {# attending} other {# attending}}',
  },
  private: { id: 'web.events.row.private', defaultMessage: 'Private' },
});

function JoinButton({ event }: { event: EventSummary }) {
  const t = useT();
  const attend = useAttendEvent();
  const takePart = useTakePart();
  // On the waitlist, or held while a guardian decides, counts as joined here: pressing again gives it up.
  const waitlisted = event.myStatus === 'waitlisted';
  const awaiting = event.myStatus === 'awaiting_guardian';
  const joined = event.myStatus === 'attending' || waitlisted || awaiting;
  // A full event: joining puts the member on the waitlist, and the button says so before it is pressed.
  const joinsWaitlist = !joined && isFull(event);
  const reply = (status: 'attending' | 'not_attending') => {
    if (status === 'attending' && takePart.first(() => reply(status))) return;
    attend.mutate(
      { id: event.id, status },
      {
        onSuccess: (result) => toast(listRsvpToast(result)),
        onError: (error) =>
          takePart.intercept(error, () => reply(status)) ||
          toastError(translate(messages.errorTitle), translate(messages.failed)),
      },
    );
  };
  const name = { name: event.name };
  return (
    <>
      {takePart.dialog}
      <Button
        variant={joined ? 'secondary' : 'primary'}
        size="small"
        className={styles.join}
        // Leaving the waitlist is an action, not a state to toggle: no pressed state for it.
        aria-pressed={waitlisted ? undefined : joined}
        aria-label={t(
          waitlisted
            ? messages.leaveWaitlistLabel
            : awaiting
              ? messages.awaitingLabel
              : joined
                ? messages.joinedLabel
                : joinsWaitlist
                  ? messages.joinWaitlistLabel
                  : messages.joinLabel,
          name,
        )}
        disabled={attend.isPending}
        onClick={() => reply(joined ? 'not_attending' : 'attending')}
      >
        {attend.isPending ? (
          t(messages.updating)
        ) : awaiting ? (
          <>
            <Hourglass size={16} aria-hidden="true" /> {t(messages.awaiting)}
          </>
        ) : waitlisted ? (
          <>
            <LogOut size={16} aria-hidden="true" /> {t(rsvpMessages.leaveWaitlist)}
          </>
        ) : joined ? (
          <>
            <Check size={16} aria-hidden="true" /> {t(messages.joined)}
          </>
        ) : joinsWaitlist ? (
          <>
            <Hourglass size={16} aria-hidden="true" /> {t(rsvpMessages.joinWaitlist)}
          </>
        ) : (
          t(messages.join)
        )}
      </Button>
    </>
  );
}

export function EventRow({ event, priority = false }: { event: EventSummary; priority?: boolean }) {
  const t = useT();
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
          <Link
            to={paths.event(event.id)}
            className={styles.link}
            aria-label={t(messages.viewDetails, { name: event.name })}
          >
            {event.name}
          </Link>
        </h3>
        <p className={styles.when}>
          <time dateTime={event.date}>{detailTime(event.date, event.timeZone)}</time>
          {yours && <span className={styles.yours}>({yours})</span>}
          {event.location && (
            <>
              <span aria-hidden="true">·</span>
              {/* In its own direction (an English place on an Arabic page), cut at its own end. */}
              <span className={styles.place} dir="auto">
                {event.location}
              </span>
            </>
          )}
        </p>
        <p className={styles.description}>{event.description}</p>
      </div>
      <p className={styles.counts}>
        {/* Nobody yet is no news: the count shows once someone is going. */}
        {event.attendingCount > 0 && (
          <span className={styles.count}>
            <Users size={14} aria-hidden="true" />
            {t(messages.attending, { count: event.attendingCount })}
          </span>
        )}
        {spots && <Badge tone={event.spotsLeft === 0 ? 'warning' : 'success'}>{spots}</Badge>}
        {!event.isPublic && (
          <Badge tone="warning">
            <Lock size={12} aria-hidden="true" />
            {t(messages.private)}
          </Badge>
        )}
        <SeriesHint repeats={event.repeats} />
        <SectionTag sectionId={event.sectionId} />
        {/* The SPEC's link words, seen: the row's own link (above) answers a tap here and names the event. */}
        <span className={styles.details} aria-hidden="true">
          {t(messages.viewDetailsShort)}
          <ChevronRight size={14} className={styles.chevron} />
        </span>
      </p>
      <div className={styles.action}>
        <JoinButton event={event} />
      </div>
    </article>
  );
}
