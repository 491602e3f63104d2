// The care card over HTTP: the member's own (/api/users/me/care), a guardian's child's
// (/api/guardian/children/{id}/care) and the rules a form states beside it. A card is medical: it is read fresh
// each time a form opens and dropped from memory as soon as no screen shows it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareCard, CareCardContent, CareRules } from '../../../shared/care';
import { api } from './api-client';

/** Whose card: the member's own, or a child's by id. */
export type CareOwner = 'me' | number;

const base = (owner: CareOwner) => (owner === 'me' ? '/api/users/me/care' : `/api/guardian/children/${owner}/care`);

export const careKeys = {
  all: ['care'] as const,
  card: (owner: CareOwner) => [...careKeys.all, owner, 'card'] as const,
  rules: (owner: CareOwner) => [...careKeys.all, owner, 'rules'] as const,
};

const cardQuery = (owner: CareOwner) =>
  queryOptions({
    queryKey: careKeys.card(owner),
    queryFn: () => api.get<CareCard>(base(owner)),
    // A guardian's read is audited: once per opening, not on every focus of the window.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useCareCard = (owner: CareOwner, enabled = true) => useQuery({ ...cardQuery(owner), enabled });

export const useCareRules = (owner: CareOwner, enabled = true) =>
  useQuery({
    queryKey: careKeys.rules(owner),
    queryFn: () => api.get<CareRules>(`${base(owner)}/rules`),
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });

export function useSaveCareCard(owner: CareOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: CareCardContent) => api.put<CareCard>(base(owner), content),
    onSuccess: (saved) => queryClient.setQueryData(careKeys.card(owner), saved),
  });
}
