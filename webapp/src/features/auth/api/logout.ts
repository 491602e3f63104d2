import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';
import { forgetMiniAppSession } from '../../../lib/telegram-mini-app';

/** The server ends the session (the cookie's, or the Mini App's carried one); the Mini App then forgets it. */
export async function logout() {
  const result = await api.post<{ success: boolean }>('/api/auth/logout');
  forgetMiniAppSession();
  return result;
}

/** SPEC §4: sign-out clears the local cache (the caller then goes to /). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => clearSession(queryClient) });
}
