// One registration question as its input (text, long text, number, date, a box to tick, one choice as radio
// buttons, several as boxes), with its '*' or "(optional)", the sensitive note and the error that points at it.
// The answers sheet draws every question through this, whoever it answers for.
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { QUESTION_LIMITS } from '../../../../shared/constants';
import type { RegistrationQuestion } from '../../../../shared/types';
import { Field, FieldError, NecessityMark } from '../field/field';
import type { SheetValues } from './answer-values';
import styles from './answers-sheet.module.css';

/** The sensitive note under a question: who reads it, with a shield. */
function SensitiveNote({ text }: { text: string }) {
  return (
    <span className={styles.sensitive}>
      <ShieldCheck size={14} aria-hidden="true" /> {text}
    </span>
  );
}

export function QuestionInput({
  question,
  name,
  id,
  register,
  error,
  note,
  noneLabel,
}: {
  question: RegistrationQuestion;
  /** The form's field for this question and this person ('me.q12', 'p7.q12'). */
  name: `${string}.${string}`;
  /** The control's id, distinct per person. */
  id: string;
  register: UseFormRegister<SheetValues>;
  error?: string;
  note?: string;
  noneLabel: string;
}) {
  const necessity = question.required ? 'required' : 'optional';
  const hint: ReactNode = note ? <SensitiveNote text={note} /> : undefined;
  const common = { 'aria-required': question.required || undefined, ...register(name) };
  switch (question.kind) {
    case 'text':
      return (
        <Field label={question.label} id={id} error={error} hint={hint} necessity={necessity}>
          <input type="text" dir="auto" maxLength={QUESTION_LIMITS.textMax} {...common} />
        </Field>
      );
    case 'long_text':
      return (
        <Field label={question.label} id={id} error={error} hint={hint} necessity={necessity}>
          <textarea rows={3} dir="auto" maxLength={QUESTION_LIMITS.textMax * 10} {...common} />
        </Field>
      );
    case 'number':
      return (
        <Field label={question.label} id={id} error={error} hint={hint} necessity={necessity}>
          <input type="number" inputMode="decimal" step="any" dir="ltr" {...common} />
        </Field>
      );
    case 'date':
      return (
        <Field label={question.label} id={id} error={error} hint={hint} necessity={necessity}>
          <input type="date" {...common} />
        </Field>
      );
    case 'checkbox':
      return (
        <div className={styles.question}>
          <label className={`checkbox-row ${styles.tick}`}>
            <input
              type="checkbox"
              id={id}
              aria-invalid={error ? true : undefined}
              aria-describedby={[note && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
              {...common}
            />
            <span>
              {question.label}
              <NecessityMark necessity={necessity} />
            </span>
          </label>
          {note && (
            <p id={`${id}-hint`} className={styles.hint}>
              {hint}
            </p>
          )}
          <FieldError id={`${id}-error`} message={error} />
        </div>
      );
    case 'single':
    case 'multi': {
      const options = question.options ?? [];
      const describedBy = [note && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
      return (
        // A single choice is a radiogroup, which may say it is required; a group of boxes cannot (its '*' shows it).
        <fieldset
          className={styles.question}
          role={question.kind === 'single' ? 'radiogroup' : undefined}
          aria-required={(question.kind === 'single' && question.required) || undefined}
          aria-invalid={(question.kind === 'single' && Boolean(error)) || undefined}
          aria-describedby={describedBy}
        >
          <legend className={styles.legend}>
            {question.label}
            <NecessityMark necessity={necessity} />
          </legend>
          <div className={styles.choices}>
            {options.map((option, index) => (
              <label key={option} className="checkbox-row">
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  value={option}
                  id={index === 0 ? id : undefined}
                  {...register(name)}
                />
                <span dir="auto">{option}</span>
              </label>
            ))}
            {/* A chosen single answer can be taken back only by choosing "no answer" (optional questions). */}
            {question.kind === 'single' && !question.required && (
              <label className="checkbox-row">
                <input type="radio" value="" {...register(name)} />
                <span className="muted">{noneLabel}</span>
              </label>
            )}
          </div>
          {note && (
            <p id={`${id}-hint`} className={styles.hint}>
              {hint}
            </p>
          )}
          <FieldError id={`${id}-error`} message={error} />
        </fieldset>
      );
    }
  }
}
