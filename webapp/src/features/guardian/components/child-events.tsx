// A child's upcoming events on the guardian's home, a page at a time ("Show more"): each with the child's reply and
// its state (going, waitlisted and where, waiting for this guardian's slip), and the guardian replying for the
// child (forUserId) — answering the event's questions for them first when it asks any, and changing those answers
// later (the app's one answers sheet, components/answers-sheet).
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type {
  AnswerValues,
  AttendResponse,
  EventSummary,
  GuardianChild,
  RegistrationQuestion,
} from '../../../../../shared/types';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { PaymentBadge } from '../../../components/payment/payment-status';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { AnswersSheet, personKey } from '../../../components/answers-sheet/answers-sheet';
import { missingAnswers } from '../../../components/answers-sheet/missing-answers';
import { longDateTime } from '../../../lib/dates';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import {
  childAnswersQuery,
  eventQuestionsQuery,
  useEventQuestionsForChild,
  useSaveChildAnswers,
} from '../api/child-answers';
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
  answers: { id: 'web.guardian.events.answers', defaultMessage: 'Answers' },
  answersFor: { id: 'web.guardian.events.answersFor', defaultMessage: '{name}’s answers for {event}' },
  answerAndGo: { id: 'web.guardian.events.answerAndGo', defaultMessage: 'Send: {name} is going' },
  answersSaved: { id: 'web.guardian.events.answersSaved', defaultMessage: 'Answers saved' },
  answersSavedFor: {
    id: 'web.guardian.events.answersSavedFor',
    defaultMessage: '{name}’s answers for {event} are saved.',
  },
  showMore: { id: 'web.guardian.events.showMore', defaultMessage: 'Show more' },
  showMoreFor: { id: 'web.guardian.events.showMoreFor', defaultMessage: 'Show more events for {name}' },
  loadingMore: { id: 'web.guardian.events.loadingMore', defaultMessage: 'Loading…' },
});

type ChildStatus = EventSummary['myStatus'];

const STATUS_LOOK: Record<ChildStatus, [MessageDescriptor, BadgeTone]> = {
  attending: [guardianMessages.attending, 'success'],
  maybe: [guardianMessages.maybe, 'neutral'],
  waitlisted: [guardianMessages.waitlisted, 'warning'],
  awaiting_guardian: [messages.slipToSign, 'warning'],
  awaiting_payment: [guardianMessages.awaitingPayment, 'warning'],
  not_attending: [guardianMessages.notAttending, 'neutral'],
  not_responded: [guardianMessages.notResponded, 'neutral'],
};

/** The questions' sheet while it is open: before a reply going, or to change the answers afterwards. */
interface SheetState {
  mode: 'reply' | 'edit';
  questions: RegistrationQuestion[];
  answers: AnswerValues;
  /** The questions a refused reply named before the sheet opened. */
  missing?: number[];
}

function EventRow({ child, event }: { child: GuardianChild; event: EventSummary }) {
  const t = useT();
  const queryClient = useQueryClient();
  const reply = useReplyForChild(child.id);
  const saveAnswers = useSaveChildAnswers(event.id, child.id);
  const [sheet, setSheet] = useState<SheetState | null>(null);
  const name = firstName(child.name);
  const answering = { id: child.id, name };
  const status = event.myStatus;
  // The child's payment for a fee, from the family list (the events list carries none).
  const payment = child.upcoming.find((reply) => reply.eventId === event.id)?.payment ?? null;
  const [label, tone] = STATUS_LOOK[status];
  const closed = event.rsvpClosesAt !== null && Date.parse(event.rsvpClosesAt) <= Date.now();
  const held = status === 'attending' || status === 'waitlisted';
  // A child with a reply going may have answers to see and change: only those rows ask whether there are questions.
  const replied = held || status === 'maybe' || status === 'awaiting_guardian';
  const questions = useEventQuestionsForChild(event.id, replied && !closed);

  /** The child's answers so far (none when they cannot be read: the form starts empty and the server judges). */
  const storedAnswers = () => queryClient.fetchQuery(childAnswersQuery(event.id, child.id)).catch(() => ({}));

  const done = (result: AttendResponse) =>
    toast({
      title: t(messages.replied),
      description:
        result.status === 'waitlisted'
          ? t(messages.waitlistedDone, { name, event: event.name, position: result.waitlistPosition ?? 0 })
          : t(result.status === 'attending' ? messages.goingDone : messages.notGoingDone, {
              name,
              event: event.name,
            }),
    });

  /** A reply without the sheet; a refusal for missing answers opens the questions with them marked. */
  const send = (input: ChildReply): void =>
    reply.mutate(input, {
      onSuccess: done,
      onError: (error) => {
        const missing = missingAnswers(error);
        if (!missing) return toastError(t(messages.replyFailed, { name }), errorMessage(error));
        void Promise.all([queryClient.fetchQuery(eventQuestionsQuery(event.id)), storedAnswers()])
          .then(([list, answers]) => setSheet({ mode: 'reply', questions: list, answers, missing }))
          .catch(() => toastError(t(messages.replyFailed, { name }), errorMessage(error)));
      },
    });

  /**
   * The answers step of a reply going: with questions, the sheet asks them first (what the child answered before
   * filled in); without, the reply goes at once.
   */
  const askThenGo = async () => {
    const list = await queryClient.fetchQuery(eventQuestionsQuery(event.id)).catch(() => []);
    if (list.length === 0) return send({ eventId: event.id, status: 'attending' });
    setSheet({ mode: 'reply', questions: list, answers: await storedAnswers() });
  };

  const editAnswers = async () => {
    if (!questions.data) return;
    setSheet({ mode: 'edit', questions: questions.data, answers: await storedAnswers() });
  };

  /** The sheet's answers: with the reply going, or saved alone. A refusal stays in the sheet, with what was typed. */
  const submitSheet = (answers: AnswersInput) =>
    sheet?.mode === 'edit'
      ? saveAnswers.mutateAsync(answers).then(() =>
          toast({
            title: t(messages.answersSaved),
            description: t(messages.answersSavedFor, { name, event: event.name }),
          }),
        )
      : reply.mutateAsync({ eventId: event.id, status: 'attending', answers }).then(done);

  return (
    <li className={styles.item}>
      <span className={styles.itemText}>
        <strong>{event.name}</strong>
        <span className="muted">
          {longDateTime(event.date, event.timeZone ?? undefined)} · {event.location}
        </span>
        <span className={styles.badges}>
          <Badge tone={tone}>
            {status === 'waitlisted' && event.myWaitlistPosition
              ? t(messages.waitlistedAt, { position: event.myWaitlistPosition })
              : t(label)}
          </Badge>
          {payment && <PaymentBadge payment={payment} />}
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
                onClick={() => void askThenGo()}
                aria-label={t(messages.goingFor, { name, event: event.name })}
              >
                {t(messages.going)}
              </Button>
            )}
            {(questions.data?.length ?? 0) > 0 && (
              <Button
                size="small"
                variant="secondary"
                onClick={() => void editAnswers()}
                aria-label={t(messages.answersFor, { name, event: event.name })}
              >
                <ClipboardList size={16} aria-hidden="true" />
                {t(messages.answers)}
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
      {sheet && (
        <AnswersSheet
          open
          onOpenChange={(open) => !open && setSheet(null)}
          forWhom={[answering]}
          eventId={event.id}
          eventName={event.name}
          mode={sheet.mode}
          questions={sheet.questions}
          stored={{ [personKey(answering)]: sheet.answers }}
          missing={sheet.missing}
          submitLabel={t(messages.answerAndGo, { name })}
          onSubmit={(answers) => submitSheet(answers[personKey(answering)] ?? {})}
        />
      )}
    </li>
  );
}

export function ChildEvents({ child }: { child: GuardianChild }) {
  const t = useT();
  const events = useChildEvents(child.id);
  if (events.isPending)
    return (
      <p className="muted" role="status">
        {t(messages.loading)}
      </p>
    );
  if (events.isError) return <p role="alert">{errorMessage(events.error)}</p>;
  const list = events.data.pages.flatMap((page) => page.events);
  if (list.length === 0) {
    return <p className="muted">{t(messages.none, { name: firstName(child.name) })}</p>;
  }
  return (
    <>
      <ul className={styles.list}>
        {list.map((event) => (
          <EventRow key={event.id} child={child} event={event} />
        ))}
      </ul>
      {events.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
            aria-label={t(messages.showMoreFor, { name: firstName(child.name) })}
          >
            {t(events.isFetchingNextPage ? messages.loadingMore : messages.showMore)}
          </Button>
        </div>
      )}
    </>
  );
}
