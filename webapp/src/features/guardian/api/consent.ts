// The consent link a guardian was emailed: what it asks (GET, read before signing in) and giving consent (POST).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianConsentRequestView } from '../../../../../shared/types';
import { ApiError, api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { guardianKeys } from '../../../lib/guardian-children';

export const consentRequestQueryOptions = (token: string) =>
  queryOptions({
    queryKey: guardianKeys.consent(token),
    queryFn: () => api.get<GuardianConsentRequestView>(`/api/guardian/consent?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });

export const useConsentRequest = (token: string) =>
  useQuery({ ...consentRequestQueryOptions(token), enabled: !!token });

/** After consent the account may have become a guardian: the user and the children are read again. */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ child: { id: number; name: string } }>('/api/guardian/consent', { token }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
        queryClient.invalidateQueries({ queryKey: guardianKeys.children() }),
      ]),
  });
}

/** A link that cannot be used, in plain words for a parent who may never have used the app. */
export function consentLinkProblem(error: unknown): { title: string; text: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 410)
    return {
      title: 'This link has expired',
      text: 'Consent links work for 7 days. Ask your child to send a new one from Settings in the app.',
    };
  if (status === 409)
    return {
      title: 'This link has already been used',
      text:
        error instanceof ApiError && error.serverMessage && !/used/i.test(error.serverMessage)
          ? error.serverMessage
          : 'Consent was already given with this link, and each link works once. If you did not use it, contact the organisation.',
    };
  if (status === 404)
    return {
      title: 'This link is not valid',
      text: 'Check that you opened the whole link from the email, or ask your child to send a new one.',
    };
  return {
    title: 'Something went wrong',
    text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again in a moment.',
  };
}
