// What waits for a leader (GET /api/admin/needs): read by the home's "Needs you" and the admin tabs' badges
// under one key, so an approval or a resolved report on the admin page updates both.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mayCreateEvents } from '../../../shared/permissions';
import type { CurrentUser, LeaderNeeds } from '../../../shared/types';
import { api } from './api-client';

/** Inside the admin feature's keys (['admin', …]), so refreshing the admin's data refreshes the counts. */
export const needsKey = ['admin', 'needs'] as const;

export const needsQueryOptions = () =>
  queryOptions({ queryKey: needsKey, queryFn: () => api.get<LeaderNeeds>('/api/admin/needs'), staleTime: 30_000 });

/** Only for those who may open one of its lists (admins, organisers): for anyone else it is not asked. */
export const useNeeds = (user: Pick<CurrentUser, 'role'> | null | undefined) =>
  useQuery({ ...needsQueryOptions(), enabled: !!user && mayCreateEvents(user) });
