// Server-issued sign-in state (DESIGN §4): asked for when the login dialog opens or the member presses Link,
// bound by the server to this browser. The Telegram widget's callback URL carries it, and the bot flow's
// login code is created with it, so no page can sign in or link from a URL it did not start.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type AuthPurpose = 'login' | 'link';

export interface IssuedState {
  state: string;
  expiresAt: string;
}

/** The server keeps a state 30 minutes; a dialog left open gets a fresh one well before that. */
const STATE_REFRESH_MS = 10 * 60_000;

export const authStateKey = (purpose: AuthPurpose) => ['auth-state', purpose] as const;

export const authStateQueryOptions = (purpose: AuthPurpose) =>
  queryOptions({
    queryKey: authStateKey(purpose),
    queryFn: () => api.post<IssuedState>('/api/auth/state', { purpose }),
    staleTime: STATE_REFRESH_MS,
    refetchInterval: STATE_REFRESH_MS,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });

export const useAuthState = (purpose: AuthPurpose, enabled: boolean) =>
  useQuery({ ...authStateQueryOptions(purpose), enabled });

export interface RegisteredLogin {
  success: boolean;
  loginId: string;
  code: string;
  expiresAt: string;
  botUsername: string;
  startParam: string;
}

/** Starts a bot login for this browser (spending `state`), or asks again for one this browser started. */
export const registerLogin = (input: { mode: AuthPurpose; state: string } | { loginId: string }) =>
  api.post<RegisteredLogin>('/api/telegram/register-login', input);
