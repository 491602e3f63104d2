// Sections (admins): the list, creating, editing and deleting one, and who is in it and who leads it. Every
// change refreshes the sections' queries and the audit log it writes to.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SectionItem, SectionMembers } from '../../../../../shared/types/sections';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** What the section form sends: POST creates, PATCH changes (null clears the words or the colour). */
export interface SectionDraft {
  name: string;
  description: string | null;
  colour: string | null;
}

export const useSections = () =>
  useQuery({ queryKey: adminKeys.sections(), queryFn: () => api.get<SectionItem[]>('/api/sections') });

export const useSectionMembers = (id: number) =>
  useQuery({
    queryKey: adminKeys.sectionMembers(id),
    queryFn: () => api.get<SectionMembers>(`/api/sections/${id}/members`),
  });

function useRefreshSections() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.sections() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
}

export function useSaveSection() {
  const refresh = useRefreshSections();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: SectionDraft }) =>
      id === null
        ? api.post<SectionItem>('/api/sections', draft)
        : api.patch<SectionItem>(`/api/sections/${id}`, draft),
    onSettled: refresh,
  });
}

export function useDeleteSection() {
  const refresh = useRefreshSections();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/sections/${id}`),
    onSettled: refresh,
  });
}

/** Adds or removes members (PUT …/members) or names the leaders, all of them (PUT …/leaders). */
export function useChangeSectionMembers(id: number) {
  const refresh = useRefreshSections();
  return useMutation({
    mutationFn: (change: { add?: number[]; remove?: number[] } | { leaders: number[] }) =>
      'leaders' in change
        ? api.put<SectionMembers>(`/api/sections/${id}/leaders`, { userIds: change.leaders })
        : api.put<SectionMembers>(`/api/sections/${id}/members`, change),
    onSettled: refresh,
  });
}
