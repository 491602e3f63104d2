import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

/** POST /api/users/me/phone/verify: the code from the SMS; answers the current user, now phoneVerified. */
export const verifyPhone = (code: string) => api.post<CurrentUser>('/api/users/me/phone/verify', { code });

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      return queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
