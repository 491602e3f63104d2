import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventHost } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** The event's host as the viewer may see them (a minor organiser reads as "Maria S."; the server decides). */
export const hostQueryOptions = (id: number) =>
  queryOptions({
    // Under the event's key: whatever refreshes the event refreshes its host.
    queryKey: [...eventKeys.detail(id), 'host'] as const,
    queryFn: () => api.get<EventHost>(`/api/events/${id}/host`),
    staleTime: 60_000,
  });

export const useEventHost = (id: number) => useQuery(hostQueryOptions(id));
