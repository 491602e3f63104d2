// The Telegram sign-in calls of SPEC §7 used by the callback page.
import type { TelegramAuthData } from '../../../../../shared/schemas';
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
