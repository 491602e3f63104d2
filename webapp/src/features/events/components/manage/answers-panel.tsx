// The organisers' Answers view: each reply with its answers to the event's registration questions — a table on
// wide screens, one card per person on phones — with the CSV download (sensitive answers only when asked for).
// Sensitive questions are marked where they are shown, and the view says that reading them is recorded: it is
// the event's leaders' duty of care, not a list to pass around. Loaded only for an event that has questions.
import { Download, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerValue, EventAnswers, RegistrationQuestion } from '../../../../../../shared/types';
import { Badge } from '../../../../components/badge/badge';
import { buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { answerText } from '../../../../lib/answer-text';
import { errorMessage } from '../../../../lib/api-client';
import { isMiniApp } from '../../../../lib/telegram-mini-app';
import { attendeesCsvUrl, downloadAttendeesCsv } from '../../api/attendees-csv';
import { eventAnswersQueryOptions } from '../../api/questions';
import { useCareRules } from '../../../../lib/care';
import { StatusLabel } from '../rsvp/rsvp';
import styles from './answers-panel.module.css';

const messages = defineMessages({
  title: { id: 'web.events.answers.title', defaultMessage: 'Answers' },
  loading: { id: 'web.events.answers.loading', defaultMessage: 'Loading answers...' },
  none: { id: 'web.events.organiser.none', defaultMessage: 'No replies yet' },
  name: { id: 'web.events.details.nameColumn', defaultMessage: 'Name' },
  status: { id: 'web.events.details.statusColumn', defaultMessage: 'Status' },
  sensitive: { id: 'web.events.answers.sensitive', defaultMessage: 'Sensitive' },
  sensitiveNote: {
    id: 'web.events.answers.sensitiveNote',
    defaultMessage:
      'Answers marked sensitive are for this event’s leaders only. Each time you open them it is recorded in the audit log, and they are deleted {days, number} days after the event.',
  },
  unanswered: { id: 'web.events.answers.unanswered', defaultMessage: 'No answer' },
  download: { id: 'web.events.organiser.download', defaultMessage: 'Download CSV' },
  downloadFailed: { id: 'web.events.organiser.downloadFailed', defaultMessage: 'Download failed' },
  includeSensitive: { id: 'web.events.answers.includeSensitive', defaultMessage: 'Include sensitive answers' },
  includeSensitiveHint: {
    id: 'web.events.answers.includeSensitiveHint',
    defaultMessage: 'The download is recorded in the audit log. Keep the file safe and delete it after the event.',
  },
});

function SensitiveMark() {
  const t = useT();
  return (
    <Badge tone="warning" className={styles.mark}>
      <ShieldAlert size={12} aria-hidden="true" />
      {t(messages.sensitive)}
    </Badge>
  );
}

function QuestionLabel({ question }: { question: RegistrationQuestion }) {
  return (
    <span className={styles.question}>
      {question.label}
      {question.sensitive && <SensitiveMark />}
    </span>
  );
}

/** An answer cell: the words, or a muted dash read as "No answer". */
function Answer({ question, value }: { question: RegistrationQuestion; value: AnswerValue | undefined }) {
  const t = useT();
  const text = answerText(question, value);
  if (!text) {
    return (
      <span className="muted" aria-label={t(messages.unanswered)}>
        —
      </span>
    );
  }
  return <span className={question.kind === 'long_text' ? 'pre-wrap' : undefined}>{text}</span>;
}

function AnswersTable({ data }: { data: EventAnswers }) {
  const t = useT();
  return (
    <div className={`table-wrap ${styles.wide}`}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t(messages.name)}</th>
            <th scope="col">{t(messages.status)}</th>
            {data.questions.map((question) => (
              <th key={question.id} scope="col" className={question.sensitive ? styles.sensitiveCell : undefined}>
                <QuestionLabel question={question} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.attendees.map((attendee, index) => (
            <tr key={attendee.user.id ?? `hidden-${index}`}>
              <th scope="row">{attendee.user.name}</th>
              <td>
                <StatusLabel status={attendee.status} />
              </td>
              {data.questions.map((question) => (
                <td key={question.id} className={question.sensitive ? styles.sensitiveCell : undefined}>
                  <Answer question={question} value={attendee.answers[question.id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per person, each question and its answer under the name. */
function AnswerCards({ data }: { data: EventAnswers }) {
  return (
    <ul className={styles.narrow}>
      {data.attendees.map((attendee, index) => (
        <li key={attendee.user.id ?? `hidden-${index}`} className={styles.person}>
          <div className={styles.personHead}>
            <strong>{attendee.user.name}</strong>
            <StatusLabel status={attendee.status} />
          </div>
          <dl className={styles.answers}>
            {data.questions.map((question) => (
              <div key={question.id} className={question.sensitive ? styles.sensitiveRow : undefined}>
                <dt>
                  <QuestionLabel question={question} />
                </dt>
                <dd>
                  <Answer question={question} value={attendee.answers[question.id]} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CsvDownload({ eventId, hasSensitive }: { eventId: number; hasSensitive: boolean }) {
  const t = useT();
  const [sensitive, setSensitive] = useState(false);
  const hintId = useId();
  const withSensitive = hasSensitive && sensitive;
  return (
    <div className={styles.download}>
      <a
        className={buttonClass({ variant: 'secondary', size: 'small' })}
        href={attendeesCsvUrl(eventId, withSensitive)}
        download
        onClick={(event) => {
          if (!isMiniApp()) return;
          event.preventDefault();
          downloadAttendeesCsv(eventId, withSensitive).catch((error: unknown) =>
            toastError(translate(messages.downloadFailed), errorMessage(error)),
          );
        }}
      >
        <Download size={16} aria-hidden="true" />
        {t(messages.download)}
      </a>
      {hasSensitive && (
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={sensitive}
            onChange={(event) => setSensitive(event.target.checked)}
            aria-describedby={hintId}
          />
          <span>
            {t(messages.includeSensitive)}
            <span id={hintId} className={`muted ${styles.hint}`}>
              {t(messages.includeSensitiveHint)}
            </span>
          </span>
        </label>
      )}
    </div>
  );
}

export function AnswersPanel({ eventId, className = '' }: { eventId: number; className?: string }) {
  const t = useT();
  const answers = useQuery(eventAnswersQueryOptions(eventId));
  const hasSensitive = answers.data?.questions.some((question) => question.sensitive) ?? false;
  // How long sensitive answers are kept is the organisation's choice (SENSITIVE_ANSWERS_DAYS), read from the server.
  const days = useCareRules('me', hasSensitive).data?.sensitiveAnswersDays;
  return (
    <Card title={t(messages.title)} labelledBy="answers-title" className={className}>
      {hasSensitive && days !== undefined && (
        <p className={styles.note} role="note">
          <ShieldAlert size={18} aria-hidden="true" />
          <span>{t(messages.sensitiveNote, { days })}</span>
        </p>
      )}
      <CsvDownload eventId={eventId} hasSensitive={hasSensitive} />
      {answers.isPending && <p className="muted">{t(messages.loading)}</p>}
      {answers.isError && <p role="alert">{errorMessage(answers.error)}</p>}
      {answers.data && answers.data.attendees.length === 0 && <p className="muted">{t(messages.none)}</p>}
      {answers.data && answers.data.attendees.length > 0 && (
        <>
          <AnswersTable data={answers.data} />
          <AnswerCards data={answers.data} />
        </>
      )}
    </Card>
  );
}
