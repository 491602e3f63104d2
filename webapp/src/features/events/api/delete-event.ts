import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const deleteEvent = (id: number) => api.delete<unknown>(`/api/events/${id}`);

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: eventKeys.list() });
    },
  });
}
