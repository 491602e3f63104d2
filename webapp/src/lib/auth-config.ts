import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface AuthConfig {
  googleClientId: string | null;
  telegramBotUsername: string | null;
  demoMode: boolean;
  demoAccounts: { id: 'admin' | 'member'; name: string; isAdmin: boolean }[];
}

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: () => api.get<AuthConfig>('/api/auth/config'),
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(authConfigQueryOptions());
