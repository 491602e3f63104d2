import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDetail } from '../../../../../shared/types';
import type { SeriesScope } from '../../../../../shared/constants';
import type { EventCreateInput, EventInput } from '../../../../../shared/schemas/events';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const createEvent = (input: EventCreateInput) => api.post<EventDetail>('/api/events', input);
/** scope "following": this occurrence of a series and every later one. */
export const updateEvent = (id: number, input: EventInput, scope: SeriesScope = 'this') =>
  api.patch<EventDetail>(`/api/events/${id}${scope === 'following' ? '?scope=following' : ''}`, input);

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
    mutationFn: ({ input, scope }: { input: EventInput; scope?: SeriesScope }) => updateEvent(id, input, scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
