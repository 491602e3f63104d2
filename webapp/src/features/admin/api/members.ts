// Members (admins): the paged, filtered list, the pending count for the filter's badge, and the changes an
// admin makes to one member. Every change refreshes the members' queries and the audit log it writes to.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateInput } from '../../../../../shared/schemas/membership';
import type { AdminMember, MembersPage, MemberStanding } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys, type MemberFilters } from './keys';

export const MEMBERS_PAGE_SIZE = 50;
/** The most the count badge asks for: beyond it the badge says "100+". */
export const PENDING_COUNT_LIMIT = 100;

function membersPath(filters: Partial<MemberFilters>, limit: number, cursor?: string | null) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.role) params.set('role', filters.role);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/members?${params}`;
}

export const membersQueryOptions = (filters: MemberFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.memberList(filters),
    queryFn: ({ pageParam }) => api.get<MembersPage>(membersPath(filters, MEMBERS_PAGE_SIZE, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMembers = (filters: MemberFilters) => useInfiniteQuery(membersQueryOptions(filters));

/** How many wait for approval; `more` when there are more than one page of them. */
export const usePendingCount = () =>
  useQuery({
    queryKey: adminKeys.pendingCount(),
    queryFn: async () => {
      const page = await api.get<MembersPage>(membersPath({ status: 'pending' }, PENDING_COUNT_LIMIT));
      return { count: page.members.length, more: page.nextCursor !== null };
    },
  });

/** PATCH /api/admin/members/{id}: the change, as the server's schema reads it (birthDate: an admin's correction). */
export type MemberChange = MemberUpdateInput | { birthDate: string };

function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.members() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.needs() }),
    ]);
}

export function useUpdateMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: MemberChange }) =>
      api.patch<AdminMember>(`/api/admin/members/${id}`, change),
    onSettled: refresh,
  });
}

/** Erases the member (also how an applicant is rejected). */
export function useDeleteMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      api.delete<void>(`/api/admin/members/${id}`, reason ? { reason } : undefined),
    onSettled: refresh,
  });
}

/** POST /api/admin/members/{id}/consent: a guardian's consent given on paper or in person, recorded by an admin. */
export function useRecordConsent() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, method, note }: { id: number; method: 'paper' | 'in_person'; note: string }) =>
      api.post<MemberStanding>(`/api/admin/members/${id}/consent`, { method, note }),
    onSettled: refresh,
  });
}
