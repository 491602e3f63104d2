// "Your answers", in the RSVP card of the details page: what the member answered to the event's registration
// questions (sensitive ones too: they are the member's own), each under its question, with Edit to change them
// (the same sheet, saved with PUT /api/events/{id}/answers) until RSVPs close.
import { Pencil, ShieldCheck } from 'lucide-react';
import type { AnswerValue, RegistrationQuestion } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { defineMessages, intlLocale, useT } from '../../../../i18n';
import { calendarDateText } from '../../../../lib/dates';
import styles from './your-answers.module.css';

const messages = defineMessages({
  title: { id: 'web.events.answers.yours', defaultMessage: 'Your answers' },
  edit: { id: 'web.events.answers.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'web.events.answers.editLabel', defaultMessage: 'Edit your answers' },
  none: { id: 'web.events.answers.none', defaultMessage: 'Not answered' },
  yes: { id: 'web.events.answers.yes', defaultMessage: 'Yes' },
  no: { id: 'web.events.answers.no', defaultMessage: 'No' },
  leadersOnly: { id: 'web.events.answers.leadersOnly', defaultMessage: 'Only the leaders see this' },
});

interface YourAnswersProps {
  questions: RegistrationQuestion[];
  answers: Record<string, AnswerValue>;
  /** Null once RSVPs are closed: the answers stay to read, no longer to change. */
  onEdit: (() => void) | null;
  /** Warms the sheet's code before the press (pointer or focus on Edit). */
  onPrepare?: () => void;
}

export function YourAnswers({ questions, answers, onEdit, onPrepare }: YourAnswersProps) {
  const t = useT();
  const shown = (question: RegistrationQuestion, value: AnswerValue | undefined): string | null => {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return t(value ? messages.yes : messages.no);
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'number') return value.toLocaleString(intlLocale());
    return question.kind === 'date' ? calendarDateText(value) : value;
  };
  return (
    <section className={styles.block} aria-labelledby="your-answers-title">
      <div className={styles.head}>
        <h3 id="your-answers-title" className={styles.title}>
          {t(messages.title)}
        </h3>
        {onEdit && (
          <Button
            variant="ghost"
            size="small"
            onClick={onEdit}
            onPointerEnter={onPrepare}
            onFocus={onPrepare}
            aria-label={t(messages.editLabel)}
          >
            <Pencil size={16} aria-hidden="true" />
            {t(messages.edit)}
          </Button>
        )}
      </div>
      <dl className={styles.list}>
        {questions.map((question) => {
          const value = shown(question, answers[question.id]);
          return (
            <div key={question.id} className={styles.row}>
              <dt>
                {question.label}
                {question.sensitive && (
                  <span className={styles.private}>
                    <ShieldCheck size={14} aria-hidden="true" /> {t(messages.leadersOnly)}
                  </span>
                )}
              </dt>
              <dd dir="auto" className={value === null ? 'muted' : styles.value}>
                {value ?? t(messages.none)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
