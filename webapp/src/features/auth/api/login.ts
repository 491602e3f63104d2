import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

export type LoginInput = { demoAccount: 'admin' | 'member' } | { credential: string; email?: string; name?: string };

export const login = (input: LoginInput) => api.post<CurrentUser>('/api/auth/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      // A new identity: nothing cached for the previous visitor may leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      queryClient.setQueryData(authKeys.me(), user);
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
