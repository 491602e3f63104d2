import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { keepMiniAppSession, restoreMiniAppSession } from '../../../lib/telegram-mini-app';

/** POST /api/auth/telegram-miniapp: the launch's initData (sent by the API client) for a session. */
export const exchangeMiniAppData = () => api.post<{ session: string; user: CurrentUser }>('/api/auth/telegram-miniapp');

/**
 * When the Mini App opens: Telegram's fresh initData becomes a session, so the app keeps working after the
 * initData is too old to sign in (an hour). A reload keeps the session it had. A refused exchange leaves the
 * calls on initData, which the server refuses in turn: the app shows its signed-out state and says why.
 */
export async function openMiniAppSession(queryClient: QueryClient): Promise<void> {
  if (restoreMiniAppSession()) return;
  try {
    const { session, user } = await exchangeMiniAppData();
    keepMiniAppSession(session);
    queryClient.setQueryData(authKeys.me(), user);
  } catch {
    // Refused or unreachable: see above.
  }
}
