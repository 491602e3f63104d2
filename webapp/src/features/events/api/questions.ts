// An event's registration questions: read by anyone who may see the event, replaced whole by its managers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionInput } from '../../../../../shared/schemas/questions';
import type { RegistrationQuestion } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const questionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(id), 'questions'] as const,
    queryFn: () => api.get<RegistrationQuestion[]>(`/api/events/${id}/questions`),
    enabled: id > 0,
  });

export const useEventQuestions = (id: number) => useQuery(questionsQueryOptions(id));

/** PUT /api/events/{id}/questions: the whole list, in order (a question sent with its id keeps its answers). */
export const saveQuestions = (id: number, questions: QuestionInput[]) =>
  api.put<RegistrationQuestion[]>(`/api/events/${id}/questions`, questions);
