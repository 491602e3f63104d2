// The questions editor's drafts and the request they become: options typed one per line, local keys for React,
// and the server's own schema judging the list before it is sent.
import type { QuestionKind } from '../../../../../../shared/constants';
import { questionsSchema, type QuestionInput } from '../../../../../../shared/schemas/questions';
import type { RegistrationQuestion } from '../../../../../../shared/types';

export interface QuestionDraft {
  /** React's key: the question's id, or a local one for a new question. */
  key: string;
  id?: number;
  label: string;
  kind: QuestionKind;
  /** The choices of single/multi, one per line. */
  options: string;
  required: boolean;
  sensitive: boolean;
}

export const hasOptions = (kind: QuestionKind) => kind === 'single' || kind === 'multi';

let counter = 0;
export const newDraft = (): QuestionDraft => ({
  key: `new-${++counter}`,
  label: '',
  kind: 'text',
  options: '',
  required: false,
  sensitive: false,
});

export const toDrafts = (questions: RegistrationQuestion[]): QuestionDraft[] =>
  questions.map((question) => ({
    key: String(question.id),
    id: question.id,
    label: question.label,
    kind: question.kind,
    options: (question.options ?? []).join('\n'),
    required: question.required,
    sensitive: question.sensitive,
  }));

export const toInputs = (drafts: QuestionDraft[]): QuestionInput[] =>
  drafts.map((draft) => ({
    ...(draft.id === undefined ? {} : { id: draft.id }),
    label: draft.label.trim(),
    kind: draft.kind,
    ...(hasOptions(draft.kind)
      ? {
          options: draft.options
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        }
      : {}),
    required: draft.required,
    sensitive: draft.sensitive,
  }));

/** The schema's message for the first problem of the list (English, as the schema holds it); null when valid. */
export function draftsProblem(drafts: QuestionDraft[]): string | null {
  const parsed = questionsSchema.safeParse(toInputs(drafts));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Whether the drafts say the same as the stored list (an edit then sends nothing). */
export const sameAsStored = (drafts: QuestionDraft[], stored: RegistrationQuestion[]) =>
  JSON.stringify(toInputs(drafts)) === JSON.stringify(toInputs(toDrafts(stored)));
