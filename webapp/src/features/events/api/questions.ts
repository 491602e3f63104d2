// An event's registration questions: read by anyone who may see the event, replaced whole by its managers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionInput } from '../../../../../shared/schemas/questions';
import type { EventAnswers, RegistrationQuestion } from '../../../../../shared/types';
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

/** GET /api/events/{id}/answers: the managers' table of everyone's answers (a read of sensitive ones is audited). */
export const eventAnswersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(id), 'answers'] as const,
    queryFn: () => api.get<EventAnswers>(`/api/events/${id}/answers`),
    // Each read of sensitive answers is recorded: read when the organiser opens the view, not on every focus; and,
    // like a care card, dropped from memory once no screen shows them.
    staleTime: Infinity,
    gcTime: 0,
  });
