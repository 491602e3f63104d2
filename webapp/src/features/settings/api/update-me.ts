import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMeInput } from '../../../../../shared/schemas/users';
import type { CurrentUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

/** PATCH /api/users/me with phoneNumber only, or telegramUsername only, or hideFromAttendees only. */
export const updateMe = (input: UpdateMeInput) => api.patch<CurrentUser>('/api/users/me', input);

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      // The answer is the updated user: show it at once (the SMS/Telegram checks read it), then reload.
      queryClient.setQueryData(authKeys.me(), user);
      return queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
