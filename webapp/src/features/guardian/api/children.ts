// What a guardian does for a child: photo consent, permission slips, withdrawing consent. Every change reloads
// the children (and the events, whose places a decision may change).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoConsent } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { guardianKeys } from '../../../lib/guardian-children';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}

export function useSetPhotoConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, photoConsent }: { childId: number; photoConsent: PhotoConsent }) =>
      api.patch<unknown>(`/api/guardian/children/${childId}`, { photoConsent }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardianKeys.children() }),
  });
}

export function useDecideSlip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ childId, eventId, approve }: { childId: number; eventId: number; approve: boolean }) =>
      api.post<unknown>(`/api/guardian/children/${childId}/events/${eventId}/approval`, { approve }),
    onSettled: refresh,
  });
}

export function useWithdrawConsent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (childId: number) => api.delete<void>(`/api/guardian/children/${childId}/consent`),
    onSettled: refresh,
  });
}
