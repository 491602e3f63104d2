import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmtpSettingsView } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** null until an admin saved settings the first time. */
export const getSmtpSettings = () => api.get<SmtpSettingsView | null>('/api/smtp-settings');

/** SPEC §7: SMTP settings are fresh for 60 s. */
export const smtpSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.smtp(), queryFn: getSmtpSettings, staleTime: 60_000 });

export const useSmtpSettings = () => useQuery(smtpSettingsQueryOptions());
