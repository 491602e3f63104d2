import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const createComment = (id: number, content: string) =>
  api.post<CommentItem>(`/api/events/${id}/comments`, { content });

export function useCreateComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(id, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.comments(id) }),
  });
}
