// The children a signed-in account is the guardian of (GET /api/guardian/children). The guardian's own pages
// and Settings (which links to them when there is anyone to show) read the same query.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianChild } from '../../../shared/types';
import { api } from './api-client';

export const guardianKeys = {
  all: ['guardian'] as const,
  children: () => [...guardianKeys.all, 'children'] as const,
  consent: (token: string) => [...guardianKeys.all, 'consent', token] as const,
};

export const guardianChildrenQueryOptions = () =>
  queryOptions({
    queryKey: guardianKeys.children(),
    queryFn: () => api.get<GuardianChild[]>('/api/guardian/children'),
  });

/** Settings asks on every visit: an account that looks after nobody may be refused, and that is no error to retry. */
export const useGuardianChildren = (enabled = true) =>
  useQuery({ ...guardianChildrenQueryOptions(), retry: false, enabled });
