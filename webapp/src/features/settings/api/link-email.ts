import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

/** 202 {status:'pending', email}: a confirmation link went to the address; it links once opened. */
export const linkEmail = (email: string) =>
  api.post<{ status: string; email: string }>('/api/auth/link-accounts', { email });

export function useLinkEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
