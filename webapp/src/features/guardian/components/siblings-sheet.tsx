// The siblings' reply on the family home: the guardian chooses which of their children go to an event, whether
// they go all or none (`together`: every child gets a place, or none is booked and they wait together on the
// waitlist), and answers the event's questions for each chosen child in the same sheet (answersFor, by child).
// One request for all of them (POST …/attend with forUserIds); a refusal for one child refuses them all and stays
// in the sheet with what was typed. Children are named by first name only.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SiblingsReplyResponse } from '../../../../../shared/siblings';
import { Badge } from '../../../components/badge/badge';
import { AnswersSheet, listNames, personKey } from '../../../components/answers-sheet/answers-sheet';
import { useT } from '../../../i18n';
import { childAnswersQuery, eventQuestionsQuery } from '../api/child-answers';
import type { SharedEvent } from '../api/siblings';
import { useReplyForSiblings } from '../api/siblings';
import { guardianMessages } from './guardian-messages';
import { siblingsMessages as messages } from './siblings-messages';
import styles from './siblings.module.css';

/** A child of the shared event as the sheet lists them: first name and their reply so far. */
export interface SiblingRow {
  id: number;
  name: string;
  status: SharedEvent['event']['myStatus'];
}

/** Replies that already hold (or wait for) a place: not chosen at first, since they need nothing. */
const HOLDING = new Set(['attending', 'waitlisted', 'awaiting_guardian', 'awaiting_payment']);

const STATUS_WORDS = {
  attending: guardianMessages.attending,
  maybe: guardianMessages.maybe,
  waitlisted: guardianMessages.waitlisted,
  awaiting_guardian: guardianMessages.awaitingGuardian,
  awaiting_payment: guardianMessages.awaitingPayment,
  not_attending: guardianMessages.notAttending,
  not_responded: guardianMessages.notResponded,
} as const;

export function SiblingsSheet({
  shared,
  siblings,
  onClose,
  onDone,
}: {
  shared: SharedEvent;
  siblings: SiblingRow[];
  onClose: () => void;
  onDone: (result: SiblingsReplyResponse, chosen: SiblingRow[]) => void;
}) {
  const t = useT();
  const { event } = shared;
  const reply = useReplyForSiblings();
  const [chosenIds, setChosenIds] = useState<number[]>(() => {
    const open = siblings.filter((child) => !HOLDING.has(child.status)).map((child) => child.id);
    return open.length ? open : siblings.map((child) => child.id);
  });
  const [together, setTogether] = useState(true);
  const chosen = siblings.filter((child) => chosenIds.includes(child.id));
  const names = listNames(chosen.map((child) => child.name));
  const questions = useQuery(eventQuestionsQuery(event.id));
  const answers = useQueries({
    queries: siblings.map((child) => ({
      ...childAnswersQuery(event.id, child.id),
      // A child's stored answers that cannot be read leave their form empty; the server judges what is sent.
      retry: false,
    })),
    combine: (results) =>
      results.some((result) => result.isPending)
        ? undefined
        : Object.fromEntries(siblings.map((child, index) => [personKey(child), results[index]!.data ?? {}])),
  });

  const toggle = (id: number, on: boolean) =>
    setChosenIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <AnswersSheet
      open
      onOpenChange={(open) => !open && onClose()}
      forWhom={chosen}
      eventId={event.id}
      eventName={event.name}
      mode="reply"
      title={t(messages.sheetTitle)}
      questions={questions.data}
      stored={answers}
      loadFailed={questions.isError}
      cannotSend={chosen.length === 0}
      submitLabel={t(messages.send, { names, count: chosen.length })}
      onSubmit={(byPerson) => {
        const answersFor = questions.data?.length
          ? Object.fromEntries(chosen.map((child) => [child.id, byPerson[personKey(child)] ?? {}]))
          : {};
        return reply
          .mutateAsync({ eventId: event.id, childIds: chosen.map((child) => child.id), together, answersFor })
          .then((result) => onDone(result, chosen));
      }}
    >
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t(messages.who)}</legend>
        {siblings.map((child) => (
          <label key={child.id} className={`checkbox-row ${styles.child}`}>
            <input
              type="checkbox"
              checked={chosenIds.includes(child.id)}
              onChange={(change) => toggle(child.id, change.target.checked)}
            />
            <span>{child.name}</span>
            <Badge tone={HOLDING.has(child.status) ? 'success' : 'neutral'}>{t(STATUS_WORDS[child.status])}</Badge>
          </label>
        ))}
      </fieldset>
      {event.spotsLeft !== null && (
        <p className={`muted ${styles.hint}`}>{t(messages.placesLeft, { count: event.spotsLeft })}</p>
      )}
      <div>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={together}
            aria-describedby={`together-${event.id}`}
            onChange={(change) => setTogether(change.target.checked)}
          />
          <strong>{t(messages.together)}</strong>
        </label>
        <p id={`together-${event.id}`} className={`muted ${styles.hint}`}>
          {t(messages.togetherHint)}
        </p>
      </div>
      <p className={styles.included} role="status">
        {chosen.length ? t(messages.included, { names }) : t(messages.noneChosen)}
      </p>
    </AnswersSheet>
  );
}
