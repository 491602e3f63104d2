import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventPath } from '../../../../../shared/first-screen';
import type { EventDetail } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const getEvent = (id: number) => api.get<EventDetail>(eventPath(id));

/** SPEC §7: event detail is fresh for 5 s and refetched on mount. */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: () => getEvent(id),
    staleTime: 5_000,
    refetchOnMount: 'always',
  });

export const useEvent = (id: number) => useQuery({ ...eventQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
