// A child's upcoming events on the guardian's home: each with the child's reply and its state (going, waitlisted
// and where, waiting for this guardian's slip), and the guardian replying for the child (forUserId).
import type { AnswerValues, EventSummary, GuardianChild } from '../../../../../shared/types';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { toast, toastError } from '../../../components/toast-store';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { useChildEvents, useReplyForChild, type ChildReply } from '../api/child-events';
import { firstName, guardianMessages } from './guardian-messages';
import styles from './guardian.module.css';

const messages = defineMessages({
  waitlistedAt: { id: 'web.guardian.events.waitlistedAt', defaultMessage: 'Waitlisted: place {position, number}' },
  slipToSign: { id: 'web.guardian.events.slipToSign', defaultMessage: 'Your approval is needed' },
  going: { id: 'web.guardian.events.going', defaultMessage: 'Going' },
  notGoing: { id: 'web.guardian.events.notGoing', defaultMessage: 'Not going' },
  goingFor: { id: 'web.guardian.events.goingFor', defaultMessage: '{name} is going to {event}' },
  notGoingFor: { id: 'web.guardian.events.notGoingFor', defaultMessage: '{name} is not going to {event}' },
  goingDone: { id: 'web.guardian.events.goingDone', defaultMessage: '{name} is going to {event}.' },
  waitlistedDone: {
    id: 'web.guardian.events.waitlistedDone',
    defaultMessage: '{event} is full: {name} is on the waitlist, place {position, number}.',
  },
  notGoingDone: { id: 'web.guardian.events.notGoingDone', defaultMessage: '{name} is not going to {event}.' },
  replied: { id: 'web.guardian.events.replied', defaultMessage: 'Reply saved' },
  replyFailed: { id: 'web.guardian.events.replyFailed', defaultMessage: 'Could not reply for {name}' },
  closed: { id: 'web.guardian.events.closed', defaultMessage: 'Replies are closed' },
  loading: { id: 'web.guardian.events.loading', defaultMessage: 'Loading events...' },
  none: { id: 'web.guardian.events.none', defaultMessage: 'No upcoming events for {name} yet.' },
});

type ChildStatus = EventSummary['myStatus'];

const STATUS_LOOK: Record<ChildStatus, [MessageDescriptor, BadgeTone]> = {
  attending: [guardianMessages.attending, 'success'],
  maybe: [guardianMessages.maybe, 'neutral'],
  waitlisted: [guardianMessages.waitlisted, 'warning'],
  awaiting_guardian: [messages.slipToSign, 'warning'],
  not_attending: [guardianMessages.notAttending, 'neutral'],
  not_responded: [guardianMessages.notResponded, 'neutral'],
};

/**
 * Asks an event's registration questions for the child when the event refuses a reply without their answers
 * (`answers_required`), and gives the answers to send with the reply again, or null when the guardian stops.
 * The questions' own sheet plugs in here; without one, the refusal is said in the server's words.
 */
type AnswersStep = (event: EventSummary, child: GuardianChild) => Promise<AnswerValues | null>;

function EventRow({
  child,
  event,
  answersStep,
}: {
  child: GuardianChild;
  event: EventSummary;
  answersStep?: AnswersStep;
}) {
  const t = useT();
  const reply = useReplyForChild(child.id);
  const name = firstName(child.name);
  const status = event.myStatus;
  const [label, tone] = STATUS_LOOK[status];
  const closed = event.rsvpClosesAt !== null && Date.parse(event.rsvpClosesAt) <= Date.now();
  const held = status === 'attending' || status === 'waitlisted';

  /** A refusal for missing answers goes to the questions' step (when there is one); any other is said. */
  const refused = async (input: ChildReply, error: Error) => {
    if (answersStep && error instanceof ApiError && error.code === 'answers_required') {
      const answers = await answersStep(event, child);
      if (answers) send({ ...input, answers });
      return;
    }
    toastError(t(messages.replyFailed, { name }), errorMessage(error));
  };

  const send = (input: ChildReply): void =>
    reply.mutate(input, {
      onSuccess: (result) =>
        toast({
          title: t(messages.replied),
          description:
            result.status === 'waitlisted'
              ? t(messages.waitlistedDone, { name, event: event.name, position: result.waitlistPosition ?? 0 })
              : t(result.status === 'attending' ? messages.goingDone : messages.notGoingDone, {
                  name,
                  event: event.name,
                }),
        }),
      onError: (error) => void refused(input, error),
    });

  return (
    <li className={styles.item}>
      <span className={styles.itemText}>
        <strong>{event.name}</strong>
        <span className="muted">
          {longDateTime(event.date, event.timeZone ?? undefined)} · {event.location}
        </span>
        <span>
          <Badge tone={tone}>
            {status === 'waitlisted' && event.myWaitlistPosition
              ? t(messages.waitlistedAt, { position: event.myWaitlistPosition })
              : t(label)}
          </Badge>
        </span>
      </span>
      {closed ? (
        <span className="muted">{t(messages.closed)}</span>
      ) : (
        status !== 'awaiting_guardian' && (
          <span className={styles.itemActions}>
            {!held && (
              <Button
                size="small"
                disabled={reply.isPending}
                onClick={() => send({ eventId: event.id, status: 'attending' })}
                aria-label={t(messages.goingFor, { name, event: event.name })}
              >
                {t(messages.going)}
              </Button>
            )}
            {status !== 'not_attending' && (
              <Button
                size="small"
                variant="secondary"
                disabled={reply.isPending}
                onClick={() => send({ eventId: event.id, status: 'not_attending' })}
                aria-label={t(messages.notGoingFor, { name, event: event.name })}
              >
                {t(messages.notGoing)}
              </Button>
            )}
          </span>
        )
      )}
    </li>
  );
}

export function ChildEvents({ child, answersStep }: { child: GuardianChild; answersStep?: AnswersStep }) {
  const t = useT();
  const events = useChildEvents(child.id);
  if (events.isPending)
    return (
      <p className="muted" role="status">
        {t(messages.loading)}
      </p>
    );
  if (events.isError) return <p role="alert">{errorMessage(events.error)}</p>;
  if (events.data.events.length === 0) {
    return <p className="muted">{t(messages.none, { name: firstName(child.name) })}</p>;
  }
  return (
    <ul className={styles.list}>
      {events.data.events.map((event) => (
        <EventRow key={event.id} child={child} event={event} answersStep={answersStep} />
      ))}
    </ul>
  );
}
