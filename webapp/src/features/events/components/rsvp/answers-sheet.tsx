// The event's registration questions, asked in place: a bottom sheet on phones, a dialog on wide screens (the
// app's Dialog). It opens when a member replies going, maybe or to the waitlist on an event that asks questions
// (or when the server refused a reply for a missing answer), and from "Your answers" to change them. Prefilled
// with the member's stored answers; required ones are marked, and sensitive ones say who reads them. What is
// typed is kept in memory until it is saved, so a refused reply (a missing or invalid answer, RSVPs closed, no
// connection) or a closed sheet loses nothing, and the refusal points at the questions it names.
// Loaded only when a reply needs it (rsvp-card.tsx, rsvp.tsx): most pages never download it.
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { AnswersInput } from '../../../../../../shared/schemas/questions';
import type { RegistrationQuestion } from '../../../../../../shared/types';
import { QUESTION_LIMITS } from '../../../../../../shared/constants';
import { Button } from '../../../../components/button/button';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field, FieldError, NecessityMark } from '../../../../components/field/field';
import { commonMessages } from '../../../../components/common-messages';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { defineMessages, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { useMainButton } from '../../../../lib/use-main-button';
import { useEvent } from '../../api/get-event';
import { questionsQueryOptions } from '../../api/questions';
import { fieldName, missingAnswers, toAnswers, toFormValues, type AnswerFormValues } from './answer-values';
import styles from './answers-sheet.module.css';

const messages = defineMessages({
  replyTitle: { id: 'web.events.answers.replyTitle', defaultMessage: 'A few questions first' },
  editTitle: { id: 'web.events.answers.editTitle', defaultMessage: 'Your answers' },
  intro: {
    id: 'web.events.answers.intro',
    defaultMessage: 'The organisers of “{event}” ask these with each reply.',
  },
  loading: { id: 'web.events.answerSheet.loading', defaultMessage: 'Loading the questions...' },
  sensitive: {
    id: 'web.events.answerSheet.sensitive',
    defaultMessage: 'Only this event’s leaders see this answer.',
  },
  answerThis: { id: 'web.events.answers.answerThis', defaultMessage: 'Please answer this question.' },
  tickThis: { id: 'web.events.answers.tickThis', defaultMessage: 'Please tick this box to take part.' },
  save: { id: 'web.events.answers.save', defaultMessage: 'Save answers' },
  sending: { id: 'web.events.answers.sending', defaultMessage: 'Sending...' },
  failed: {
    id: 'web.events.answers.failed',
    defaultMessage: 'Your reply could not be sent. Your answers are still here: check your connection and try again.',
  },
  chooseNone: { id: 'web.events.answers.chooseNone', defaultMessage: 'No answer' },
});

/** What was typed and not yet saved, by event: survives a refused reply and a closed sheet, not a reload. */
const drafts = new Map<number, AnswerFormValues>();

interface AnswersSheetProps {
  eventId: number;
  eventName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'reply': the answers go with a reply (the button says which); 'edit': they are saved alone. */
  mode: 'reply' | 'edit';
  /** The submit button's words: the reply's own ('I Will Attend', 'Maybe'), or "Save answers" when editing. */
  submitLabel?: string;
  /** Questions a refusal already named before the sheet opened (answers_required's `missing`). */
  missing?: number[];
  /** Sends the answers (with the reply, or alone); a refusal is shown here unless `intercept` takes it. */
  onSubmit: (answers: AnswersInput) => Promise<unknown>;
  /** A refusal another dialog answers (sign-in, date of birth, a guardian's consent): the sheet then closes. */
  intercept?: (error: unknown) => boolean;
}

export function AnswersSheet(props: AnswersSheetProps) {
  const t = useT();
  const questions = useQuery(questionsQueryOptions(props.eventId));
  const event = useEvent(props.eventId);
  const ready = questions.data && event.data;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t(props.mode === 'edit' ? messages.editTitle : messages.replyTitle)}
      description={t(messages.intro, { event: props.eventName })}
      className={styles.sheet}
    >
      {ready ? (
        <AnswersForm
          {...props}
          questions={questions.data}
          stored={toFormValues(questions.data, event.data.myAnswers)}
        />
      ) : questions.isError || event.isError ? (
        <p className={styles.problem} role="alert">
          {t(messages.failed)}
        </p>
      ) : (
        <Skeleton label={t(messages.loading)} />
      )}
    </Dialog>
  );
}

/** The question a refusal names: answer_invalid says its label in quotes (in the member's language). */
const namedIn = (text: string, questions: RegistrationQuestion[]) =>
  [...questions].sort((a, b) => b.label.length - a.label.length).find((question) => text.includes(question.label));

function AnswersForm({
  eventId,
  mode,
  submitLabel,
  missing,
  onSubmit,
  intercept,
  onOpenChange,
  questions,
  stored,
}: AnswersSheetProps & { questions: RegistrationQuestion[]; stored: AnswerFormValues }) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<AnswerFormValues>({ defaultValues: { ...stored, ...drafts.get(eventId) } });

  // Whatever happens to the sheet, what was typed stays for the next opening until it is saved.
  useEffect(
    () => () => {
      if (!saved.current) drafts.set(eventId, getValues());
    },
    [eventId, getValues],
  );

  const markMissing = (ids: number[]) => {
    const named = questions.filter((question) => ids.includes(question.id));
    named.forEach((question, index) =>
      setError(
        fieldName(question),
        { type: 'server', message: t(question.kind === 'checkbox' ? messages.tickThis : messages.answerThis) },
        { shouldFocus: index === 0 },
      ),
    );
  };
  // A refusal from before the sheet opened (the list's reply) points at its questions at once; once, on opening:
  // later refusals mark their own.
  const markOnOpen = useEffectEvent(() => {
    if (missing?.length) markMissing(missing);
  });
  useEffect(() => markOnOpen(), []);

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return setProblem(t(messages.failed));
    const text = error.serverMessage;
    const missing = missingAnswers(error);
    if (missing) {
      markMissing(missing);
    } else if (error.code === 'answer_invalid' && text) {
      const question = namedIn(text, questions);
      if (question) setError(fieldName(question), { type: 'server', message: text }, { shouldFocus: true });
    }
    // The server's sentence in the member's language ('Please answer: Size', 'RSVP for this event has closed').
    setProblem(text ?? t(messages.failed));
  };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    clearErrors();
    setBusy(true);
    try {
      await onSubmit(toAnswers(questions, values));
      saved.current = true;
      drafts.delete(eventId);
      onOpenChange(false);
    } catch (error) {
      drafts.set(eventId, getValues());
      if (intercept?.(error)) onOpenChange(false);
      else refused(error);
    } finally {
      setBusy(false);
    }
  });

  const label = mode === 'edit' ? t(messages.save) : (submitLabel ?? t(messages.save));
  useMainButton({ text: label, onClick: () => formRef.current?.requestSubmit(), busy });

  return (
    <form ref={formRef} className={`form ${styles.form}`} noValidate onSubmit={submit}>
      {questions.map((question) => (
        <QuestionInput
          key={question.id}
          question={question}
          register={register}
          error={errors[fieldName(question)]?.message}
          note={question.sensitive ? t(messages.sensitive) : undefined}
          noneLabel={t(messages.chooseNone)}
        />
      ))}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t(commonMessages.cancel)}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t(messages.sending) : label}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The sensitive note under a question: who reads it, with a shield. */
function SensitiveNote({ text }: { text: string }) {
  return (
    <span className={styles.sensitive}>
      <ShieldCheck size={14} aria-hidden="true" /> {text}
    </span>
  );
}

function QuestionInput({
  question,
  register,
  error,
  note,
  noneLabel,
}: {
  question: RegistrationQuestion;
  register: UseFormRegister<AnswerFormValues>;
  error?: string;
  note?: string;
  noneLabel: string;
}) {
  const name = fieldName(question);
  const id = `answer-${question.id}`;
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
