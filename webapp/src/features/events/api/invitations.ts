import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectoryUser, InvitationItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const getInvitations = (id: number) => api.get<InvitationItem[]>(`/api/events/${id}/invitations`);
export const updateInvitations = (id: number, userIds: (number | null)[]) =>
  api.post<unknown>(`/api/events/${id}/invitations`, { userIds });
export const getUsers = () => api.get<DirectoryUser[]>('/api/users');

export const invitationsQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.invitations(id), queryFn: () => getInvitations(id) });

/** SPEC §7: users are fresh for 5 minutes. */
export const usersQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.users(), queryFn: getUsers, staleTime: 5 * 60_000 });

export const useInvitations = (id: number, enabled: boolean) => useQuery({ ...invitationsQueryOptions(id), enabled });
export const useUsers = (enabled: boolean) => useQuery({ ...usersQueryOptions(), enabled });

export function useUpdateInvitations(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: (number | null)[]) => updateInvitations(id, userIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.invitations(id) }),
  });
}
