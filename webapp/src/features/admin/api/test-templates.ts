import { useMutation } from '@tanstack/react-query';
import type { TemplateTestResult } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export interface TemplateTestResponse {
  message?: string;
  results?: TemplateTestResult[];
}

export const testTemplates = () => api.post<TemplateTestResponse>('/api/test-notification-template');

export const useTestTemplates = () => useMutation({ mutationFn: testTemplates });
