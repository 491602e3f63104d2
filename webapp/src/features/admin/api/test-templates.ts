import { useMutation } from '@tanstack/react-query';
import type { TemplateChannel } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';

/** One test send, as POST /api/test-notification-template reports it (one per template type and channel). */
export interface TemplateTestResult {
  type: string;
  channel: TemplateChannel;
  to: string | null;
  status: 'sent' | 'failed' | 'skipped';
  error?: string;
}

export interface TemplateTestResponse {
  message?: string;
  results?: TemplateTestResult[];
}

export const testTemplates = () => api.post<TemplateTestResponse>('/api/test-notification-template');

export const useTestTemplates = () => useMutation({ mutationFn: testTemplates });
