// Invite links (admins): list, create and revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/invites: one link as admins see it. */
export type InviteLink = InviteView;

export interface NewInvite {
  maxUses?: number;
  expiresInDays?: number;
  role?: 'member' | 'organiser';
}

export const useInvites = () =>
  useQuery({ queryKey: adminKeys.invites(), queryFn: () => api.get<InviteLink[]>('/api/admin/invites') });

function useRefreshInvites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.invites() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
}

export function useCreateInvite() {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: (invite: NewInvite) => api.post<InviteLink>('/api/admin/invites', invite),
    onSettled: refresh,
  });
}

export function useRevokeInvite() {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: (code: string) => api.delete<void>(`/api/admin/invites/${encodeURIComponent(code)}`),
    onSettled: refresh,
  });
}
