// Editing, removing and reporting a comment; edits and removals refresh the event's discussion.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportCategory } from '../../../../../shared/constants';
import type { CommentItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

const commentPath = (eventId: number, commentId: number) => `/api/events/${eventId}/comments/${commentId}`;

export function useEditComment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: number; content: string }) =>
      api.patch<CommentItem>(commentPath(eventId, commentId), { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.comments(eventId) }),
  });
}

export function useRemoveComment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<void>(commentPath(eventId, commentId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.comments(eventId) }),
  });
}

export function useReportComment(eventId: number) {
  return useMutation({
    mutationFn: ({ commentId, category, reason }: { commentId: number; category: ReportCategory; reason: string }) =>
      api.post<void>(`${commentPath(eventId, commentId)}/report`, { category, ...(reason ? { reason } : {}) }),
  });
}
