import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventPass } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const getPass = (id: number) => api.get<EventPass>(`/api/events/${id}/pass`);

/** The pass is only asked for while its dialog is open. */
export const passQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.pass(id), queryFn: () => getPass(id), staleTime: 60_000 });

export const usePass = (id: number, enabled: boolean) => useQuery({ ...passQueryOptions(id), enabled });
