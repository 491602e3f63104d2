import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDetail } from '../../../../../shared/types';
import type { EventInput } from '../../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const createEvent = (input: EventInput) => api.post<EventDetail>('/api/events', input);
export const updateEvent = (id: number, input: EventInput) => api.patch<EventDetail>(`/api/events/${id}`, input);

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useUpdateEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => updateEvent(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
