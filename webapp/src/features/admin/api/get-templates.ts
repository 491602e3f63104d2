import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationTemplateItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getTemplates = () => api.get<NotificationTemplateItem[]>('/api/notification-templates');

/** SPEC §7: templates are fresh for 60 s. */
export const templatesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.templates(), queryFn: getTemplates, staleTime: 60_000 });

export const useTemplates = () => useQuery(templatesQueryOptions());
