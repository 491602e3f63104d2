// Joining with an invite code: a pending (or newly signed-in) account becomes a member. The code survives a
// sign-in that leaves the page (Google, Telegram's redirect) in sessionStorage, for this tab only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, InvitePreview } from '../../../../../shared/types';
import { defineMessages, translate } from '../../../i18n';
import { ApiError, api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

const STORED_CODE = 'join-code';

const messages = defineMessages({
  unknown: {
    id: 'web.membership.join.unknown',
    defaultMessage: 'This invite code is not valid. Check the link, or ask an organiser for a new one.',
  },
  usedUp: {
    id: 'web.membership.join.usedUp',
    defaultMessage: 'This invite link has expired or has been used up. Ask an organiser for a new one.',
  },
  failed: { id: 'web.membership.join.failed', defaultMessage: 'Could not join. Please try again.' },
});

export function rememberJoinCode(code: string) {
  try {
    sessionStorage.setItem(STORED_CODE, code);
  } catch {
    // storage off (private mode): the member enters the code on the waiting screen instead
  }
}

/** The code kept across sign-in, handed out once. */
export function takeJoinCode(): string | null {
  try {
    const code = sessionStorage.getItem(STORED_CODE);
    sessionStorage.removeItem(STORED_CODE);
    return code;
  } catch {
    return null;
  }
}

export const joinWithCode = (code: string) => api.post<CurrentUser>('/api/users/me/join', { code: code.trim() });

/** Who invited the visitor and to what, for the invite page (only asked while the visitor is not in yet). */
export const useInvitePreview = (code: string, enabled: boolean) =>
  useQuery({
    queryKey: ['invites', 'preview', code],
    queryFn: () => api.get<InvitePreview>(`/api/invites/${encodeURIComponent(code)}`),
    enabled,
    retry: false,
    staleTime: Infinity,
  });

/** Once in, every answer refused while pending (403) is asked again. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWithCode,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
  });
}

/** What a failed join means for the person holding the link. */
export function joinErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return translate(messages.unknown);
  if (error instanceof ApiError && error.status === 410) return translate(messages.usedUp);
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : translate(messages.failed);
}
