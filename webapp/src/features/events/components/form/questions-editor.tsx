// The event form's "Registration questions": add, edit (label, kind, options), reorder, required and sensitive,
// with a plain warning of what "sensitive" means. A controlled list of drafts; the pages save it with
// PUT /api/events/{id}/questions after the event itself is saved (question-drafts.ts turns drafts into the body).
import { ArrowDown, ArrowUp, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { QUESTION_KINDS, QUESTION_LIMITS, type QuestionKind } from '../../../../../../shared/constants';
import { Button } from '../../../../components/button/button';
import { defineMessages, useT } from '../../../../i18n';
import { useCareRules } from '../../../../lib/care';
import { hasOptions, newDraft, type QuestionDraft } from './question-drafts';
import styles from './questions-editor.module.css';

const messages = defineMessages({
  title: { id: 'web.events.questions.title', defaultMessage: 'Registration questions' },
  intro: {
    id: 'web.events.questions.intro',
    defaultMessage: 'Asked when someone replies: a T-shirt size, “can swim 25 m?”. Optional.',
  },
  label: { id: 'web.events.questions.label', defaultMessage: 'Question {number}' },
  kind: { id: 'web.events.questions.kind', defaultMessage: 'Answer type' },
  options: { id: 'web.events.questions.options', defaultMessage: 'Choices, one per line' },
  required: { id: 'web.events.questions.required', defaultMessage: 'Required' },
  sensitive: { id: 'web.events.questions.sensitive', defaultMessage: 'Sensitive (health, medication)' },
  sensitiveWarning: {
    id: 'web.events.questions.sensitiveWarning',
    defaultMessage:
      'Answers to sensitive questions are seen only by this event’s leaders, every read is recorded, and they are deleted {days} days after the event.',
  },
  sensitiveWarningNoDays: {
    id: 'web.events.questions.sensitiveWarningNoDays',
    defaultMessage:
      'Answers to sensitive questions are seen only by this event’s leaders, every read is recorded, and they are deleted some days after the event.',
  },
  add: { id: 'web.events.questions.add', defaultMessage: 'Add a question' },
  up: { id: 'web.events.questions.up', defaultMessage: 'Move “{label}” up' },
  down: { id: 'web.events.questions.down', defaultMessage: 'Move “{label}” down' },
  remove: { id: 'web.events.questions.remove', defaultMessage: 'Remove “{label}”' },
  removeNote: {
    id: 'web.events.questions.removeNote',
    defaultMessage: 'Removing a question deletes its answers when the event is saved.',
  },
  kindText: { id: 'web.events.questions.kindText', defaultMessage: 'Short text' },
  kindLongText: { id: 'web.events.questions.kindLongText', defaultMessage: 'Long text' },
  kindSingle: { id: 'web.events.questions.kindSingle', defaultMessage: 'One choice' },
  kindMulti: { id: 'web.events.questions.kindMulti', defaultMessage: 'Several choices' },
  kindCheckbox: { id: 'web.events.questions.kindCheckbox', defaultMessage: 'Yes / no' },
  kindNumber: { id: 'web.events.questions.kindNumber', defaultMessage: 'Number' },
  kindDate: { id: 'web.events.questions.kindDate', defaultMessage: 'Date' },
});

const KIND_NAMES = {
  text: messages.kindText,
  long_text: messages.kindLongText,
  single: messages.kindSingle,
  multi: messages.kindMulti,
  checkbox: messages.kindCheckbox,
  number: messages.kindNumber,
  date: messages.kindDate,
} as const satisfies Record<QuestionKind, unknown>;

interface QuestionsEditorProps {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** The list's problem as the schema says it (already translated), shown under the section. */
  error?: string | null;
}

export function QuestionsEditor({ value, onChange, error }: QuestionsEditorProps) {
  const t = useT();
  // How long sensitive answers are kept is the organisation's choice (SENSITIVE_ANSWERS_DAYS), read from the server.
  const days = useCareRules('me').data?.sensitiveAnswersDays;
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(value.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const anySensitive = value.some((draft) => draft.sensitive);

  return (
    <fieldset className={styles.section} aria-describedby="questions-intro">
      <legend>{t(messages.title)}</legend>
      <p id="questions-intro" className={styles.note}>
        {t(messages.intro)}
      </p>
      <ol className={styles.list}>
        {value.map((draft, index) => {
          const number = index + 1;
          const name = draft.label.trim() || t(messages.label, { number });
          const prefix = `question-${draft.key}`;
          return (
            <li key={draft.key} className={styles.item}>
              <div className={styles.row}>
                <label htmlFor={`${prefix}-label`} className={styles.fieldLabel}>
                  {t(messages.label, { number })}
                </label>
                <div className={styles.tools}>
                  <button
                    type="button"
                    className={styles.icon}
                    aria-label={t(messages.up, { label: name })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={styles.icon}
                    aria-label={t(messages.down, { label: name })}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={styles.icon}
                    aria-label={t(messages.remove, { label: name })}
                    onClick={() => onChange(value.filter((_draft, at) => at !== index))}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </div>
              </div>
              <input
                id={`${prefix}-label`}
                type="text"
                maxLength={QUESTION_LIMITS.labelMax}
                value={draft.label}
                onChange={(event) => change(index, { label: event.target.value })}
              />
              <label htmlFor={`${prefix}-kind`} className={styles.fieldLabel}>
                {t(messages.kind)}
              </label>
              <select
                id={`${prefix}-kind`}
                value={draft.kind}
                onChange={(event) => change(index, { kind: event.target.value as QuestionKind })}
              >
                {QUESTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(KIND_NAMES[kind])}
                  </option>
                ))}
              </select>
              {hasOptions(draft.kind) && (
                <>
                  <label htmlFor={`${prefix}-options`} className={styles.fieldLabel}>
                    {t(messages.options)}
                  </label>
                  <textarea
                    id={`${prefix}-options`}
                    rows={3}
                    value={draft.options}
                    onChange={(event) => change(index, { options: event.target.value })}
                  />
                </>
              )}
              <div className={styles.toggles}>
                <label className="checkbox-row">
                  <input
                    type="checkbox"
                    checked={draft.required}
                    onChange={(event) => change(index, { required: event.target.checked })}
                  />
                  <span>{t(messages.required)}</span>
                </label>
                <label className="checkbox-row">
                  <input
                    type="checkbox"
                    checked={draft.sensitive}
                    aria-describedby="questions-sensitive"
                    onChange={(event) => change(index, { sensitive: event.target.checked })}
                  />
                  <span>{t(messages.sensitive)}</span>
                </label>
              </div>
            </li>
          );
        })}
      </ol>
      <p id="questions-sensitive" className={anySensitive ? 'banner' : styles.note}>
        <ShieldAlert size={16} aria-hidden="true" />{' '}
        {days === undefined
          ? // Until the server's number arrives (or if it cannot be read) the warning still says what matters.
            t(messages.sensitiveWarningNoDays)
          : t(messages.sensitiveWarning, { days })}
      </p>
      {value.some((draft) => draft.id !== undefined) && <p className={styles.note}>{t(messages.removeNote)}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={value.length >= QUESTION_LIMITS.questionsMax}
          onClick={() => onChange([...value, newDraft()])}
        >
          <Plus size={16} aria-hidden="true" /> {t(messages.add)}
        </Button>
      </div>
    </fieldset>
  );
}
