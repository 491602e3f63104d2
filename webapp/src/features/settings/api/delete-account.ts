// DELETE /api/users/me: erases the member's account; the app then forgets the session as on sign-out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';
import { forgetMiniAppSession } from '../../../lib/telegram-mini-app';

export async function deleteAccount(): Promise<void> {
  await apiRequest<void>('DELETE', '/api/users/me', { confirm: true });
  forgetMiniAppSession();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => clearSession(queryClient) });
}
