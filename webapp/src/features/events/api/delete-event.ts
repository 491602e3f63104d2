import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesScope } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** scope "following": this occurrence of a series and every later one. */
export const deleteEvent = (id: number, scope: SeriesScope = 'this') =>
  api.delete<unknown>(`/api/events/${id}${scope === 'following' ? '?scope=following' : ''}`);

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: number; scope?: SeriesScope }) => deleteEvent(id, scope),
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      // "Following" removed other occurrences too: their details go stale with the list.
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
