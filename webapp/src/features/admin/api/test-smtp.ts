import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendTestEmail = (testEmail: string) =>
  api.post<{ message?: string }>('/api/smtp-settings/test', { testEmail });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
