// Reports of comments (admins): open or resolved, paged, and resolving one. Resolving can remove a comment
// or suspend its author, so the members' and the events' comments are refreshed too.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportCategory } from '../../../../../shared/constants';
import type { ReportAction, ReportsPage, ReportStatus } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `category`: only reports of that category; null for all. */
export const reportsQueryOptions = (status: ReportStatus, category: ReportCategory | null = null) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reportList(status, category),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status });
      if (category) params.set('category', category);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ReportsPage>(`/api/admin/reports?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useReports = (status: ReportStatus, category: ReportCategory | null) =>
  useInfiniteQuery(reportsQueryOptions(status, category));

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReportAction }) =>
      api.post<unknown>(`/api/admin/reports/${id}/resolve`, { action }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reports() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.members() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.needs() }),
      ]),
  });
}
