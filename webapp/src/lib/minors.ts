// A member's own age and guardian: setting the birth date once and naming a parent or guardian. Used by every
// place that may be refused for want of them (RSVP, comments) and by Settings, so it lives outside features.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, GuardianRequestSent, GuardianRequestState } from '../../../shared/types';
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

const guardianRequestKey = () => [...authKeys.me(), 'guardian-request'] as const;

/**
 * POST /api/users/me/guardians: a consent link is made (202); the answer says whether it was emailed and carries
 * the link for the member to pass on. The member's state and their open request are reloaded.
 */
export function useNameGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<GuardianRequestSent>('/api/users/me/guardians', { email: email.trim() }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
        queryClient.invalidateQueries({ queryKey: guardianRequestKey() }),
      ]),
  });
}

/**
 * GET /api/users/me/guardians: the member's open consent link (to copy again), what became of its email, and
 * whether email sending is on. Only asked while it can matter (`enabled`).
 */
export function useGuardianRequestState(enabled: boolean) {
  return useQuery({
    queryKey: guardianRequestKey(),
    queryFn: () => api.get<GuardianRequestState>('/api/users/me/guardians'),
    enabled,
    staleTime: 30_000,
  });
}

/** Where a guardian approves a permission slip: their page, after signing in (the link holds no secret). */
export const guardianPageLink = () => new URL('/guardian', window.location.origin).href;

const WISH_KEY = 'parent-wait';

/**
 * The events a member under the consent age wanted to go to while nobody had consented yet: kept on this device
 * so the event page still shows the wish (the server keeps no reply it refused).
 */
export function rememberWish(userId: number, eventId: number): void {
  try {
    const wishes = readWishes(userId);
    if (!wishes.includes(eventId))
      localStorage.setItem(`${WISH_KEY}:${userId}`, JSON.stringify([...wishes, eventId].slice(-20)));
  } catch {
    // No storage (private mode): the wish is simply not kept.
  }
}

export function wishedFor(userId: number, eventId: number): boolean {
  return readWishes(userId).includes(eventId);
}

function readWishes(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(`${WISH_KEY}:${userId}`) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === 'number') : [];
  } catch {
    return [];
  }
}

/** What a refused birth date or guardian request means for the member. */
export function minorsErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : translate(messages.failed);
}
