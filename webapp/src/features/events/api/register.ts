// A meeting's register (GET and PUT /api/events/{id}/register, the event's managers) and the nudge to those who
// have not replied (POST /api/events/{id}/nudge → 202 { count }; 429 once everyone undecided was reminded today).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../../shared/schemas/registers';
import type { EventRegister, NudgeResult } from '../../../../../shared/types/registers';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const registerQueryOptions = (id: number) =>
  queryOptions({
    // Under the event's key: a check-in or a reply that refreshes the event refreshes its register.
    queryKey: [...eventKeys.detail(id), 'register'] as const,
    queryFn: () => api.get<EventRegister>(`/api/events/${id}/register`),
  });

export const useRegister = (id: number, enabled = true) => useQuery({ ...registerQueryOptions(id), enabled });

export function useSaveRegister(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.put<EventRegister>(`/api/events/${id}/register`, input),
    onSuccess: (saved) => queryClient.setQueryData(registerQueryOptions(id).queryKey, saved),
  });
}

export const useNudge = (id: number) =>
  useMutation({ mutationFn: () => api.post<NudgeResult>(`/api/events/${id}/nudge`) });
