// A member's leader checks (admins): the list, adding one and removing one. Each change refreshes the member's
// checks, the members list (its Lapsed badge) and the audit log it writes to.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaderCheckInput } from '../../../../../shared/schemas/leader-checks';
import type { LeaderCheck, MemberChecks } from '../../../../../shared/types/leader-checks';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Under the members' key: whatever refreshes the members refreshes their checks. */
const checksKey = (memberId: number) => [...adminKeys.members(), 'checks', memberId] as const;

export const memberChecksQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: checksKey(memberId),
    queryFn: () => api.get<MemberChecks>(`/api/admin/members/${memberId}/checks`),
  });

export const useMemberChecks = (memberId: number) => useQuery(memberChecksQueryOptions(memberId));

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.members() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
}

export function useAddCheck(memberId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: LeaderCheckInput) => api.post<LeaderCheck>(`/api/admin/members/${memberId}/checks`, input),
    onSuccess: refresh,
  });
}

export function useRemoveCheck(memberId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (checkId: number) => api.delete<void>(`/api/admin/members/${memberId}/checks/${checkId}`),
    onSuccess: refresh,
  });
}
