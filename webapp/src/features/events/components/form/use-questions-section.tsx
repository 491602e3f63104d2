// The questions section as the create and edit pages use it: the editor's state (the stored list until the
// organiser changes it), a check before the event is saved, and the PUT after it is saved.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { questionsQueryOptions, saveQuestions, useEventQuestions } from '../../api/questions';
import { eventKeys } from '../../api/keys';
import type { RegistrationQuestion } from '../../../../../../shared/types';
import { draftsProblem, sameAsStored, toDrafts, toInputs, type QuestionDraft } from './question-drafts';
import { QuestionsEditor } from './questions-editor';
import { schemaMessage } from './schema-message';

const messages = defineMessages({
  failed: {
    id: 'web.events.questions.saveFailed',
    defaultMessage: 'The event is saved, but its questions are not. Open Edit Event and try again.',
  },
});

/** A copied event's questions as drafts without their ids: the new event's list holds new questions. */
const copiedDrafts = (questions: RegistrationQuestion[]): QuestionDraft[] =>
  toDrafts(questions).map(({ id: _id, ...draft }) => ({ ...draft, key: `copy-${draft.key}` }));

/**
 * `eventId`: the event being edited; null on the create form (no stored list). `copyOf`: on the create form, the
 * event being duplicated, whose questions the new event starts with (as new questions: its answers stay behind).
 */
export function useQuestionsSection(eventId: number | null, copyOf: number | null = null) {
  const t = useT();
  const queryClient = useQueryClient();
  const stored = useEventQuestions(eventId ?? 0);
  const source = useEventQuestions(eventId === null ? (copyOf ?? 0) : 0);
  const [drafts, setDrafts] = useState<QuestionDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const initial = eventId !== null ? stored.data && toDrafts(stored.data) : source.data && copiedDrafts(source.data);
  const current = drafts ?? initial ?? [];
  // An edit shows the section only with the stored list: a list saved without it would delete its questions. A
  // copy waits for the source's list (one that cannot be read starts empty).
  const loaded = eventId === null ? copyOf === null || !source.isPending : stored.data !== undefined;

  return {
    element: loaded && (
      <QuestionsEditor
        value={current}
        error={error}
        onChange={(next) => {
          setDrafts(next);
          setError(null);
        }}
      />
    ),
    /** Whether the list may be sent; shows its problem in the section when not. */
    check(): boolean {
      const problem = draftsProblem(current);
      setError(problem ? schemaMessage(t, problem) : null);
      return problem === null;
    },
    /** Saves the list for the (just saved) event when it changed; a failure is told, never thrown. */
    async save(id: number): Promise<void> {
      if (!loaded) return;
      if (eventId !== null && (drafts === null || (stored.data && sameAsStored(drafts, stored.data)))) return;
      if (!stored.data && current.length === 0) return;
      try {
        const saved = await saveQuestions(id, toInputs(current));
        queryClient.setQueryData(questionsQueryOptions(id).queryKey, saved);
        await queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
      } catch {
        toastError(translate(messages.failed));
      }
    },
  };
}
