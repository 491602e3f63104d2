// The organisation's settings (admins): read, and the consent text guardians agree to.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSettingsView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const organisationQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.organisation(),
    queryFn: () => api.get<OrganisationSettingsView>('/api/admin/organisation'),
  });

export const useOrganisation = () => useQuery(organisationQueryOptions());

export function useSaveConsentText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consentText: string | null) =>
      api.patch<OrganisationSettingsView>('/api/admin/organisation', { consentText }),
    onSuccess: (view) => {
      queryClient.setQueryData(adminKeys.organisation(), view);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.organisation() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
  });
}
