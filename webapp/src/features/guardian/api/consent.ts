// The consent link a guardian was emailed: what it asks (GET, read before signing in) and giving consent (POST).
import {
  keepPreviousData as keepPrevious,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { GuardianConsentGiven, GuardianConsentRequestView } from '../../../../../shared/types';
import { ApiError, api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { guardianKeys } from '../../../lib/guardian-children';
import { defineMessages, translate, useLanguage } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

/** Keyed by the page's language: the shipped consent text is read in it, and read again when it changes. */
export const consentRequestQueryOptions = (token: string, language: string) =>
  queryOptions({
    queryKey: [...guardianKeys.consent(token), language],
    queryFn: () => api.get<GuardianConsentRequestView>(`/api/guardian/consent?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });

export function useConsentRequest(token: string) {
  const language = useLanguage();
  return useQuery({ ...consentRequestQueryOptions(token, language), enabled: !!token, placeholderData: keepPrevious });
}

/** After consent the account may have become a guardian: the user and the children are read again. */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<GuardianConsentGiven>('/api/guardian/consent', { token }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
        queryClient.invalidateQueries({ queryKey: guardianKeys.children() }),
      ]),
  });
}

const messages = defineMessages({
  expired: { id: 'web.guardian.link.expired', defaultMessage: 'This link has expired' },
  expiredText: {
    id: 'web.guardian.link.expiredText',
    defaultMessage: 'Consent links work for 7 days. Ask your child to send a new one from Settings in the app.',
  },
  used: { id: 'web.guardian.link.used', defaultMessage: 'This link has already been used' },
  usedText: {
    id: 'web.guardian.link.usedText',
    defaultMessage:
      'Consent was already given with this link, and each link works once. If you did not use it, contact the organisation.',
  },
  invalid: { id: 'web.guardian.link.invalid', defaultMessage: 'This link is not valid' },
  invalidText: {
    id: 'web.guardian.link.invalidText',
    defaultMessage: 'Check that you opened the whole link from the email, or ask your child to send a new one.',
  },
  tryAgain: { id: 'web.guardian.link.tryAgain', defaultMessage: 'Please try again in a moment.' },
});

/** A link that cannot be used, in plain words for a parent who may never have used the app. */
export function consentLinkProblem(error: unknown): { title: string; text: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 410) return { title: translate(messages.expired), text: translate(messages.expiredText) };
  if (status === 409)
    return {
      title: translate(messages.used),
      // Another conflict than the used link (the server's words say which), else the plain explanation.
      text:
        error instanceof ApiError && error.serverMessage && error.code !== 'consent_link_used'
          ? error.serverMessage
          : translate(messages.usedText),
    };
  if (status === 404) return { title: translate(messages.invalid), text: translate(messages.invalidText) };
  return {
    title: translate(commonMessages.somethingWentWrong),
    text: error instanceof ApiError && error.serverMessage ? error.serverMessage : translate(messages.tryAgain),
  };
}
