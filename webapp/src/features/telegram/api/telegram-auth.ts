// The Telegram sign-in calls of SPEC §7 used by the callback page.
import type { TelegramAuthData } from '../../../../../shared/schemas';
import type { CurrentUser } from '../../../../../shared/types';
import { api, apiRequest } from '../../../lib/api-client';

export interface TelegramPayload {
  telegramId: string;
  name: string;
  username?: string;
  auth_data: TelegramAuthData;
}

export const telegramLogin = (payload: TelegramPayload) => api.post<CurrentUser>('/api/auth/telegram-login', payload);

export const linkTelegram = (payload: TelegramPayload) =>
  api.post<unknown>('/api/auth/link-accounts', {
    telegramId: payload.telegramId,
    telegramUsername: payload.username,
    auth_data: payload.auth_data,
  });

export const registerLogin = (loginId: string, mode: 'login' | 'link') =>
  api.post<{ success: boolean }>('/api/telegram/register-login', { loginId, mode });

/** 202 while waiting for the bot, 200 {status:'complete'} once confirmed (404 throws: expired or invalid). */
export const checkLogin = (loginId: string) =>
  apiRequest<{ status?: string; telegramId?: string; username?: string }>(
    'GET',
    `/api/telegram/check-login/${encodeURIComponent(loginId)}`,
  );
