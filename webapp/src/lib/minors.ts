// A member's own age and guardian: setting the birth date once and naming a parent or guardian. Used by every
// place that may be refused for want of them (RSVP, comments) and by Settings, so it lives outside features.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { ApiError, api } from './api-client';
import { authKeys } from './auth';
import { defineMessages, translate } from '../i18n';

const messages = defineMessages({
  failed: { id: 'web.lib.minors.failed', defaultMessage: 'Something went wrong. Please try again.' },
});

/** Today as YYYY-MM-DD on this device: the date input's upper bound (the server checks with its own zone). */
export function todayOnDevice(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** PUT /api/users/me/birth-date: the answer is the current user, shown at once. */
export function useSetBirthDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthDate: string) => api.put<CurrentUser>('/api/users/me/birth-date', { birthDate }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      return queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

/** POST /api/users/me/guardians: the guardian is emailed a consent link (202); the member's state is reloaded. */
export function useNameGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<unknown>('/api/users/me/guardians', { email: email.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** What a refused birth date or guardian request means for the member. */
export function minorsErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : translate(messages.failed);
}
