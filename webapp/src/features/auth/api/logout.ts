import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';

export const logout = () => api.post<{ success: boolean }>('/api/auth/logout');

/** SPEC §4: sign-out clears the local cache (the caller then goes to /). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => clearSession(queryClient) });
}
