// PUT /api/events/{id}/answers: the member changes the answers they gave with their reply, until RSVPs close.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { AnswerValues } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

const saveAnswers = (id: number, answers: AnswersInput) =>
  api.put<{ answers: AnswerValues }>(`/api/events/${id}/answers`, { answers });

/** The event is read again afterwards, so its myAnswers (the "Your answers" block) shows what was stored. */
export function useSaveAnswers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswersInput) => saveAnswers(id, answers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
}
