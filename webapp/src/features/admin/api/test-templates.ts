import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const testTemplates = () => api.post<{ message?: string }>('/api/test-notification-template');

export const useTestTemplates = () => useMutation({ mutationFn: testTemplates });
