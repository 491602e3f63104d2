// An event's registration questions as a guardian answers them for a child: the questions (the server lets a
// guardian read those of an event the child may see), the child's answers (GET …/answers?forUserId) and a change
// to them (PUT …/answers with forUserId). The answers may be medical: read fresh and dropped once not shown.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { AnswerValues, RegistrationQuestion } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { guardianKeys } from '../../../lib/guardian-children';

export const eventQuestionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...guardianKeys.all, 'questions', eventId] as const,
    queryFn: () => api.get<RegistrationQuestion[]>(`/api/events/${eventId}/questions`),
    staleTime: 60_000,
  });

export const useEventQuestionsForChild = (eventId: number, enabled: boolean) =>
  useQuery({ ...eventQuestionsQuery(eventId), enabled });

const childAnswersKey = (eventId: number, childId: number) =>
  [...guardianKeys.all, 'answers', eventId, childId] as const;

export const childAnswersQuery = (eventId: number, childId: number) =>
  queryOptions({
    queryKey: childAnswersKey(eventId, childId),
    queryFn: () =>
      api
        .get<{ answers: AnswerValues }>(`/api/events/${eventId}/answers?forUserId=${childId}`)
        .then((body) => body.answers),
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveChildAnswers(eventId: number, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswersInput) =>
      api
        .put<{ answers: AnswerValues }>(`/api/events/${eventId}/answers`, { answers, forUserId: childId })
        .then((body) => body.answers),
    onSuccess: (answers) => queryClient.setQueryData(childAnswersKey(eventId, childId), answers),
  });
}
