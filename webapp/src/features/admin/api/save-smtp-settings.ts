import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmtpSettingsInput } from '../../../../../shared/schemas/admin';
import type { SmtpSettingsView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const saveSmtpSettings = (input: SmtpSettingsInput) => api.post<SmtpSettingsView>('/api/smtp-settings', input);

export function useSaveSmtpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmtpSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.smtp() }),
  });
}
