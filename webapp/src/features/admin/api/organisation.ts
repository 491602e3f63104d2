// The organisation's settings (admins): read, and save what an admin changed (the Organisation tab, the first-run
// setup).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSettingsInput } from '../../../../../shared/schemas/membership';
import type { OrganisationSettingsView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const organisationQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.organisation(),
    queryFn: () => api.get<OrganisationSettingsView>('/api/admin/organisation'),
  });

/** `enabled`: false for a member who is not an admin (the server would refuse). */
export const useOrganisation = (enabled = true) => useQuery({ ...organisationQueryOptions(), enabled });

export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<OrganisationSettingsInput>) =>
      api.patch<OrganisationSettingsView>('/api/admin/organisation', changes),
    onSuccess: (view) => {
      queryClient.setQueryData(adminKeys.organisation(), view);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.organisation() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
  });
}
