// The questions an event asks, answered by a guardian for their child: a sheet on phones (a dialog on wide
// screens) that opens before a reply going to an event that asks any, or to see and change the child's answers
// afterwards. What was typed stays when the server refuses, with its reason; a sensitive question says who reads
// it and for how long.
import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { AnswerValue, AnswerValues, RegistrationQuestion } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { defineMessages, useT } from '../../../i18n';
import styles from './child-answers.module.css';

const messages = defineMessages({
  title: { id: 'web.guardian.answers.title', defaultMessage: 'Questions for {name}' },
  intro: {
    id: 'web.guardian.answers.intro',
    defaultMessage: '“{event}” asks these questions. The event’s leaders read your answers.',
  },
  sensitive: {
    id: 'web.guardian.answers.sensitive',
    defaultMessage: 'Sensitive: only the event’s leaders read it, and it is deleted after the event.',
  },
  choose: { id: 'web.guardian.answers.choose', defaultMessage: 'Choose…' },
  missing: { id: 'web.guardian.answers.missing', defaultMessage: 'Please answer this question.' },
  cancel: { id: 'web.guardian.answers.cancel', defaultMessage: 'Cancel' },
  saving: { id: 'web.guardian.answers.saving', defaultMessage: 'Saving…' },
});

/** What the form holds for each question while it is typed. */
type Draft = Record<string, string | string[] | boolean>;

function toDraft(questions: RegistrationQuestion[], answers: AnswerValues): Draft {
  const draft: Draft = {};
  for (const question of questions) {
    const value = answers[question.id];
    if (question.kind === 'multi') draft[question.id] = Array.isArray(value) ? value : [];
    else if (question.kind === 'checkbox') draft[question.id] = value === true;
    else draft[question.id] = value === undefined ? '' : String(value);
  }
  return draft;
}

/** The draft as the API takes it: an emptied field clears its answer (null). */
function toAnswers(questions: RegistrationQuestion[], draft: Draft): AnswersInput {
  const answers: AnswersInput = {};
  for (const question of questions) {
    const value = draft[question.id];
    if (question.kind === 'multi' || question.kind === 'checkbox') {
      answers[question.id] = value as string[] | boolean;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    answers[question.id] = text === '' ? null : question.kind === 'number' ? Number(text) : text;
  }
  return answers;
}

const isAnswered = (question: RegistrationQuestion, value: AnswerValue | null | undefined) =>
  question.kind === 'checkbox'
    ? value === true
    : Array.isArray(value)
      ? value.length > 0
      : value !== null && value !== undefined && value !== '';

function QuestionField({
  question,
  value,
  onChange,
  missing,
  idPrefix,
}: {
  question: RegistrationQuestion;
  value: Draft[string];
  onChange: (value: Draft[string]) => void;
  missing: boolean;
  idPrefix: string;
}) {
  const t = useT();
  const id = `${idPrefix}-${question.id}`;
  const error = missing ? t(messages.missing) : null;
  const hint = question.sensitive ? (
    <span className={styles.sensitive}>
      <ShieldAlert size={14} aria-hidden="true" />
      {t(messages.sensitive)}
    </span>
  ) : undefined;
  const necessity = question.required ? 'required' : 'optional';
  const text = typeof value === 'string' ? value : '';

  if (question.kind === 'checkbox') {
    return (
      <div className={styles.field}>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={value === true}
            aria-required={question.required}
            aria-invalid={missing || undefined}
            onChange={(event) => onChange(event.target.checked)}
          />
          {question.label}
          {question.required && <span aria-hidden="true"> *</span>}
        </label>
        {hint && <p className={styles.hint}>{hint}</p>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (question.kind === 'multi') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className={styles.group} aria-invalid={missing || undefined}>
        <legend>
          {question.label}
          {question.required && <span aria-hidden="true"> *</span>}
        </legend>
        {(question.options ?? []).map((option) => (
          <label key={option} className="checkbox-row">
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))
              }
            />
            {option}
          </label>
        ))}
        {hint && <p className={styles.hint}>{hint}</p>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  const control =
    question.kind === 'long_text' ? (
      <textarea rows={3} maxLength={5000} value={text} onChange={(event) => onChange(event.target.value)} />
    ) : question.kind === 'single' ? (
      <select value={text} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t(messages.choose)}</option>
        {(question.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    ) : (
      <input
        type={question.kind === 'number' ? 'number' : question.kind === 'date' ? 'date' : 'text'}
        step={question.kind === 'number' ? 'any' : undefined}
        maxLength={question.kind === 'text' ? 500 : undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  return (
    <Field label={question.label} id={id} hint={hint} error={error} necessity={necessity} className={styles.field}>
      {control}
    </Field>
  );
}

export function ChildAnswersSheet({
  open,
  onOpenChange,
  childName,
  eventName,
  questions,
  answers,
  submitLabel,
  busy,
  error,
  missing: serverMissing = [],
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childName: string;
  eventName: string;
  questions: RegistrationQuestion[];
  /** The child's answers so far. */
  answers: AnswerValues;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, said above the form; the typed answers stay. */
  error: string | null;
  /** Questions the server said still need an answer. */
  missing?: number[];
  onSubmit: (answers: AnswersInput) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => toDraft(questions, answers));
  const [checked, setChecked] = useState(false);
  const idPrefix = `answers-${childName.replace(/\W+/g, '')}`;
  const sent = toAnswers(questions, draft);
  const missing = new Set([
    ...serverMissing,
    ...(checked ? questions.filter((q) => q.required && !isAnswered(q, sent[q.id])).map((q) => q.id) : []),
  ]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (questions.some((question) => question.required && !isAnswered(question, sent[question.id]))) return;
    onSubmit(sent);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(messages.title, { name: childName })}
      description={t(messages.intro, { event: eventName })}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={draft[question.id] ?? ''}
            onChange={(value) => setDraft((current) => ({ ...current, [question.id]: value }))}
            missing={missing.has(question.id) && !isAnswered(question, sent[question.id])}
            idPrefix={idPrefix}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? t(messages.saving) : submitLabel}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t(messages.cancel)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
