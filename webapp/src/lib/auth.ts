// The signed-in user, used by every feature: one query, 401 means "signed out" (null), not an error.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { ApiError, api } from './api-client';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/users/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getCurrentUser,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/** Asks the layout to open the login dialog (SPEC: a document-level event named open-auth-dialog). */
export const openAuthDialog = () => document.dispatchEvent(new Event('open-auth-dialog'));

/**
 * Sign-out: every cached answer is dropped, and the current user becomes null in place, so every component
 * showing the member (header, home) re-renders signed out at once instead of holding a removed query.
 */
export function clearSession(queryClient: QueryClient) {
  queryClient.setQueryData(authKeys.me(), null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

const RETURN_PATH = 'return-after-sign-in';

/**
 * A page that asks the visitor to sign in (a guardian's consent link) keeps its address here: a sign-in that
 * leaves the page (Telegram's redirect) comes back to it. Sign-ins in place (demo, Google) stay on it anyway.
 */
export function rememberReturnPath(path: string) {
  try {
    sessionStorage.setItem(RETURN_PATH, path);
  } catch {
    // storage off (private mode): the visitor lands on the home page and opens the link again
  }
}

/** The kept address, handed out once; only a path on this site. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH);
    sessionStorage.removeItem(RETURN_PATH);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
