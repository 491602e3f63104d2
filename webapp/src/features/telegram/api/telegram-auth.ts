// The Telegram sign-in calls of SPEC §7 used by the callback page.
import { queryOptions } from '@tanstack/react-query';
import { MANUAL_LOGIN_POLL_MS } from '../../../../../shared/constants';
import type { TelegramAuthData } from '../../../../../shared/schemas/auth';
import type { CurrentUser } from '../../../../../shared/types';
import { api, apiRequest } from '../../../lib/api-client';

export interface TelegramPayload {
  telegramId: string;
  name: string;
  username?: string;
  auth_data: TelegramAuthData;
  /** The state this browser was issued when the person clicked Login or Link. */
  state: string;
}

export const telegramLogin = (payload: TelegramPayload) => api.post<CurrentUser>('/api/auth/telegram-login', payload);

export const linkTelegram = (payload: TelegramPayload) =>
  api.post<unknown>('/api/auth/link-accounts', {
    telegramId: payload.telegramId,
    telegramUsername: payload.username,
    auth_data: payload.auth_data,
    state: payload.state,
  });

/** 202 while waiting for the bot, 200 {status:'complete'} once confirmed (404 throws: expired or invalid). */
export const checkLogin = (loginId: string) =>
  apiRequest<{ status?: string; telegramId?: string; username?: string }>(
    'GET',
    `/api/telegram/check-login/${encodeURIComponent(loginId)}`,
  );

type CheckLoginResult = Awaited<ReturnType<typeof checkLogin>>;

/** The bot confirmed: the server has already started the session (or linked the account). */
export const isLoginComplete = (result: CheckLoginResult | undefined) =>
  result?.status === 200 && result.data?.status === 'complete';

export const telegramKeys = {
  manualLogin: (loginId: string) => ['telegram', 'manual-login', loginId] as const,
};

/**
 * Asks every few seconds until the bot confirms. The member is in Telegram meanwhile, so the page keeps asking
 * while hidden; a 404 (expired or invalid) is final, not retried.
 */
export const manualLoginQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: telegramKeys.manualLogin(loginId),
    queryFn: () => checkLogin(loginId),
    refetchInterval: (query) => (isLoginComplete(query.state.data) ? false : MANUAL_LOGIN_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
