// GET /api/events/{id}/leaders (the event's managers): its leaders and the adult-to-youth ratio.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventLeaders } from '../../../../../shared/types/leader-checks';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const eventLeadersQueryOptions = (id: number) =>
  queryOptions({
    // Under the event's key: whatever refreshes the event (replies, check-ins) refreshes the ratio.
    queryKey: [...eventKeys.detail(id), 'leaders'] as const,
    queryFn: () => api.get<EventLeaders>(`/api/events/${id}/leaders`),
  });

export const useEventLeaders = (id: number, enabled: boolean) => useQuery({ ...eventLeadersQueryOptions(id), enabled });
