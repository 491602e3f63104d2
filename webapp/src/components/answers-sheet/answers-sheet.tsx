// An event's registration questions, answered in place: a bottom sheet on phones, a dialog on wide screens (the
// app's Dialog). The one place for the question fields, the refusal shown on them and the sensitive note, whoever
// the answers are for: the member themself (with their reply, or to change them), a guardian's child, or several
// siblings replying together (one group of questions per child). What is typed is kept in memory until it is
// saved, so a refused reply (a missing or invalid answer, RSVPs closed, no connection) or a closed sheet loses
// nothing, and the refusal points at the questions it names. Inside Telegram the MainButton sends it and the
// BackButton closes it.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { AnswersInput } from '../../../../shared/schemas/questions';
import type { AnswerValues, RegistrationQuestion } from '../../../../shared/types';
import { defineMessages, intlLocale, useT } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { useMainButton } from '../../lib/use-main-button';
import { useSheetBackButton } from '../../lib/use-back-button';
import { Button } from '../button/button';
import { commonMessages } from '../common-messages';
import { Dialog, DialogActions } from '../dialog/dialog';
import { Skeleton } from '../skeleton/skeleton';
import { fieldName, isFilled, toAnswers, toFormValues, type SheetValues } from './answer-values';
import { missingAnswers } from './missing-answers';
import { QuestionInput } from './question-input';
import styles from './answers-sheet.module.css';

const messages = defineMessages({
  replyTitle: { id: 'web.events.answers.replyTitle', defaultMessage: 'A few questions first' },
  editTitle: { id: 'web.events.answers.editTitle', defaultMessage: 'Your answers' },
  intro: {
    id: 'web.events.answers.intro',
    defaultMessage: 'The organisers of “{event}” ask these with each reply.',
  },
  childTitle: { id: 'web.guardian.answers.title', defaultMessage: 'Questions for {name}' },
  childIntro: {
    id: 'web.guardian.answers.intro',
    defaultMessage: '“{event}” asks these questions. The event’s leaders read your answers.',
  },
  loading: { id: 'web.answers.loading', defaultMessage: 'Loading the questions...' },
  sensitive: { id: 'web.answers.sensitive', defaultMessage: 'Only this event’s leaders see this answer.' },
  childSensitive: {
    id: 'web.guardian.answers.sensitive',
    defaultMessage: 'Sensitive: only the event’s leaders read it, and it is deleted after the event.',
  },
  answersOf: { id: 'web.answers.answersOf', defaultMessage: 'Answers for {name}' },
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

/** A child a guardian answers for: their id and first name only. */
export interface AnsweredChild {
  id: number;
  name: string;
}

/** Whom the sheet answers for: the member themself, or one or more of a guardian's children. */
export type AnsweringFor = 'me' | AnsweredChild[];

/** The key of a person's answers in `stored` and in what `onSubmit` gets: 'me', or 'p<childId>'. */
export const personKey = (person: 'me' | AnsweredChild) => (person === 'me' ? 'me' : `p${person.id}`);

/** Several names as the page's language lists them ("Robin and Sam"). */
export const listNames = (names: string[]) =>
  new Intl.ListFormat(intlLocale(), { style: 'long', type: 'conjunction' }).format(names);

/** What was typed and not yet saved, by event and person: survives a refused reply and a closed sheet, not a reload. */
const drafts = new Map<string, SheetValues[string]>();
const draftKey = (eventId: number, key: string) => `${eventId}:${key}`;

export interface AnswersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forWhom: AnsweringFor;
  eventId: number;
  eventName: string;
  /** 'reply': the answers go with a reply (the button says which); 'edit': they are saved alone. */
  mode: 'reply' | 'edit';
  /** Instead of the title for whom it answers (the siblings' reply names its own). */
  title?: string;
  /** The event's questions; undefined while they load. */
  questions?: RegistrationQuestion[];
  /** Each person's stored answers by personKey; undefined while they load. */
  stored?: Record<string, AnswerValues>;
  /** The questions or answers could not be read. */
  loadFailed?: boolean;
  /** The submit button's words: the reply's own ('I Will Attend', 'Maybe'), or "Save answers" when editing. */
  submitLabel?: string;
  /** Questions a refusal already named before the sheet opened (answers_required's `missing`). */
  missing?: number[];
  /** Sends each person's answers, by personKey; a refusal is shown here unless `intercept` takes it. */
  onSubmit: (answers: Record<string, AnswersInput>) => Promise<unknown>;
  /** A refusal another dialog answers (sign-in, date of birth, a guardian's consent): the sheet then closes. */
  intercept?: (error: unknown) => boolean;
  /** Above the questions: what the reply asks besides them (which children, all or none). */
  children?: ReactNode;
  /** Nothing to send yet (no child chosen). */
  cannotSend?: boolean;
}

export function AnswersSheet(props: AnswersSheetProps) {
  const t = useT();
  const { open, onOpenChange, forWhom, mode, eventName, questions, stored } = props;
  useSheetBackButton(open, () => onOpenChange(false));
  const title =
    props.title ??
    (forWhom === 'me'
      ? t(mode === 'edit' ? messages.editTitle : messages.replyTitle)
      : t(messages.childTitle, { name: listNames(forWhom.map((child) => child.name)) }));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t(forWhom === 'me' ? messages.intro : messages.childIntro, { event: eventName })}
      className={styles.sheet}
    >
      {questions && stored ? (
        <AnswersForm {...props} questions={questions} stored={stored} />
      ) : props.loadFailed ? (
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
  forWhom,
  mode,
  submitLabel,
  missing,
  onSubmit,
  intercept,
  onOpenChange,
  questions,
  stored,
  children,
  cannotSend = false,
}: AnswersSheetProps & { questions: RegistrationQuestion[]; stored: Record<string, AnswerValues> }) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);
  const people = forWhom === 'me' ? (['me'] as const) : forWhom;
  const keys = people.map(personKey);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<SheetValues>({
    // Every person who may be answered for starts with their stored answers, then what was typed before.
    defaultValues: Object.fromEntries(
      Object.entries(stored).map(([key, answers]) => [
        key,
        { ...toFormValues(questions, answers), ...drafts.get(draftKey(eventId, key)) },
      ]),
    ),
  });

  const storeDrafts = () => {
    const values = getValues();
    for (const key of Object.keys(values)) drafts.set(draftKey(eventId, key), values[key]!);
  };
  const keepDrafts = useEffectEvent(storeDrafts);
  // Whatever happens to the sheet, what was typed stays for the next opening until it is saved.
  useEffect(
    () => () => {
      if (!saved.current) keepDrafts();
    },
    [],
  );

  /** Marks the questions a refusal names: for several people, on each one who left it empty. */
  const markMissing = (ids: number[]) => {
    let first = true;
    for (const key of keys) {
      for (const question of questions.filter((item) => ids.includes(item.id))) {
        if (keys.length > 1 && isFilled(question, getValues(`${key}.${fieldName(question)}`))) continue;
        const message = t(question.kind === 'checkbox' ? messages.tickThis : messages.answerThis);
        setError(`${key}.${fieldName(question)}`, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
    }
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
    const named = missingAnswers(error);
    if (named) {
      markMissing(named);
    } else if (error.code === 'answer_invalid' && text) {
      const question = namedIn(text, questions);
      if (question) {
        for (const key of keys) setError(`${key}.${fieldName(question)}`, { type: 'server', message: text });
      }
    }
    // The server's sentence in the member's language ('Please answer: Size', 'RSVP for this event has closed').
    setProblem(text ?? t(messages.failed));
  };

  /**
   * The member's next change answers a refusal: its sentence goes (it may be about a question now answered, or a
   * child no longer included), and so does the mark on the question changed; the other marks stay until a send.
   */
  const changed = (event: FormEvent<HTMLFormElement>) => {
    setProblem(null);
    const { name } = event.target as HTMLInputElement;
    if (name) clearErrors(name as `${string}.${string}`);
  };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    clearErrors();
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(keys.map((key) => [key, toAnswers(questions, values[key] ?? {})])));
      saved.current = true;
      for (const key of keys) drafts.delete(draftKey(eventId, key));
      onOpenChange(false);
    } catch (error) {
      storeDrafts();
      if (intercept?.(error)) onOpenChange(false);
      else refused(error);
    } finally {
      setBusy(false);
    }
  });

  const label = mode === 'edit' ? t(messages.save) : (submitLabel ?? t(messages.save));
  useMainButton({ text: label, onClick: () => formRef.current?.requestSubmit(), busy, disabled: cannotSend });
  const note = t(forWhom === 'me' ? messages.sensitive : messages.childSensitive);

  const fields = (key: string) =>
    questions.map((question) => (
      <QuestionInput
        key={question.id}
        question={question}
        name={`${key}.${fieldName(question)}`}
        id={key === 'me' ? `answer-${question.id}` : `answer-${key}-${question.id}`}
        register={register}
        error={errors[key]?.[fieldName(question)]?.message}
        note={question.sensitive ? note : undefined}
        noneLabel={t(messages.chooseNone)}
      />
    ));

  return (
    <form ref={formRef} className={`form ${styles.form}`} noValidate onSubmit={submit} onChange={changed}>
      {children}
      {people.length === 1
        ? fields(keys[0]!)
        : questions.length > 0 &&
          people.map((person) => {
            const key = personKey(person);
            return (
              // Each child's own questions under their first name, so it is plain whose answer is whose.
              <section key={key} className={styles.person} aria-labelledby={`${key}-answers`}>
                <h3 id={`${key}-answers`} className={styles.personTitle}>
                  {t(messages.answersOf, { name: person === 'me' ? '' : person.name })}
                </h3>
                {fields(key)}
              </section>
            );
          })}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t(commonMessages.cancel)}
        </Button>
        <Button type="submit" disabled={busy || cannotSend}>
          {busy ? t(messages.sending) : label}
        </Button>
      </DialogActions>
    </form>
  );
}
