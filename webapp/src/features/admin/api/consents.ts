// Emailed consents waiting for a leader (admins): the list with what a leader needs to judge each, and the
// confirmation or rejection. Both refresh the members' queries (the list is one of them) and the audit log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentAwaitingVerification, MemberStanding } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const useConsentsAwaiting = () =>
  useQuery({
    queryKey: adminKeys.consentsAwaiting(),
    queryFn: () => api.get<ConsentAwaitingVerification[]>('/api/admin/consents/awaiting'),
  });

export type ConsentJudgement = 'verify' | 'reject';

/** POST /api/admin/members/{childId}/consent/verify or …/reject for one guardian's consent. */
export function useJudgeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      childId,
      guardianId,
      judgement,
    }: {
      childId: number;
      guardianId: number;
      judgement: ConsentJudgement;
    }) => api.post<MemberStanding>(`/api/admin/members/${childId}/consent/${judgement}`, { guardianId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.members() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.needs() }),
      ]),
  });
}
