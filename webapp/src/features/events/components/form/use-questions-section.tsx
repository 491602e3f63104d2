// The questions section as the create and edit pages use it: the editor's state (the stored list until the
// organiser changes it), a check before the event is saved, and the PUT after it is saved.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { questionsQueryOptions, saveQuestions, useEventQuestions } from '../../api/questions';
import { eventKeys } from '../../api/keys';
import { draftsProblem, sameAsStored, toDrafts, toInputs, type QuestionDraft } from './question-drafts';
import { QuestionsEditor } from './questions-editor';
import { schemaMessage } from './schema-message';

const messages = defineMessages({
  failed: {
    id: 'web.events.questions.saveFailed',
    defaultMessage: 'The event is saved, but its questions are not. Open Edit Event and try again.',
  },
});

/** `eventId`: the event being edited; null on the create form (no stored list). */
export function useQuestionsSection(eventId: number | null) {
  const t = useT();
  const queryClient = useQueryClient();
  const stored = useEventQuestions(eventId ?? 0);
  const [drafts, setDrafts] = useState<QuestionDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = drafts ?? (stored.data ? toDrafts(stored.data) : []);
  // An edit shows the section only with the stored list: a list saved without it would delete its questions.
  const loaded = eventId === null || stored.data !== undefined;

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
      if (!loaded || drafts === null || (stored.data && sameAsStored(drafts, stored.data))) return;
      if (!stored.data && drafts.length === 0) return;
      try {
        const saved = await saveQuestions(id, toInputs(drafts));
        queryClient.setQueryData(questionsQueryOptions(id).queryKey, saved);
        await queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
      } catch {
        toastError(translate(messages.failed));
      }
    },
  };
}
