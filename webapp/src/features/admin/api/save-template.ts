import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateInput } from '../../../../../shared/schemas/admin';
import type { NotificationTemplateItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const createTemplate = (input: TemplateInput) =>
  api.post<NotificationTemplateItem>('/api/notification-templates', input);
export const updateTemplate = (id: number, input: TemplateInput) =>
  api.patch<NotificationTemplateItem>(`/api/notification-templates/${id}`, input);

/** Creates when no id is given, updates otherwise. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TemplateInput }) =>
      id === null ? createTemplate(input) : updateTemplate(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.templates() }),
  });
}
