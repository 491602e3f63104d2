import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneCodeResponse } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

/** POST /api/users/me/phone/verification: a code by SMS to the saved number ({status:'verified'} if done). */
export const sendPhoneCode = () => api.post<PhoneCodeResponse>('/api/users/me/phone/verification', {});

export function useSendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPhoneCode,
    // 'verified' means the user we show is out of date.
    onSuccess: (result) =>
      result.status === 'verified' ? queryClient.invalidateQueries({ queryKey: authKeys.me() }) : undefined,
  });
}
