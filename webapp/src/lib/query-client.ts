// React Query defaults of SPEC §7: 30 s freshness, refetch on focus, no polling, no retries.
import { QueryClient } from '@tanstack/react-query';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
