// GET and PUT /api/events/{id}/leaders (the event's managers): its leaders and the adult-to-youth ratio; and
// GET …/leaders/candidates, the cleared adult leaders the managers may name (names only).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventLeaders, LeaderCandidate } from '../../../../../shared/types/leader-checks';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const eventLeadersQueryOptions = (id: number) =>
  queryOptions({
    // Under the event's key: whatever refreshes the event (replies, check-ins) refreshes the ratio.
    queryKey: [...eventKeys.detail(id), 'leaders'] as const,
    queryFn: () => api.get<EventLeaders>(`/api/events/${id}/leaders`),
  });

export const useEventLeaders = (id: number, enabled: boolean) => useQuery({ ...eventLeadersQueryOptions(id), enabled });

/** The picker's list: asked when the picker opens, and again each time (a check may have run out meanwhile). */
export const useLeaderCandidates = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...eventKeys.detail(id), 'leader-candidates'] as const,
    queryFn: () => api.get<LeaderCandidate[]>(`/api/events/${id}/leaders/candidates`),
    enabled,
    staleTime: 0,
  });

/** Names the event's leaders, all of them; the answer's ratio is what every warning of the event shows next. */
export function useSaveEventLeaders(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => api.put<EventLeaders>(`/api/events/${id}/leaders`, { userIds }),
    onSuccess: (saved) => queryClient.setQueryData(eventLeadersQueryOptions(id).queryKey, saved),
  });
}
