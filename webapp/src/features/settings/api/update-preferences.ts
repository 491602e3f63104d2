import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel } from '../../../../../shared/constants';
import type { CurrentUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

export const updatePreferences = (preferences: NotificationChannel[]) =>
  api.patch<CurrentUser>('/api/users/me/preferences', { preferences });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    // Show the new choice at once; the reload afterwards brings the server's word.
    onMutate: (preferences) => {
      queryClient.setQueryData<CurrentUser | null>(authKeys.me(), (user) =>
        user ? { ...user, notificationPrefs: preferences } : user,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
