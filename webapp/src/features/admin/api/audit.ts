// The audit log (admins): newest first, filtered by action, paged.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const AUDIT_PAGE_SIZE = 50;

export const auditQueryOptions = (action: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.auditList(action),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
      if (action) params.set('action', action);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AuditPage>(`/api/admin/audit?${params}`);
    },
    initialPageParam: null as string | null,
    // The log grows while it is read: a fresh look each time the tab opens.
    staleTime: 0,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useAudit = (action: string) => useInfiniteQuery(auditQueryOptions(action));
