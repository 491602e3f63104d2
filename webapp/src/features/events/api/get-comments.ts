import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** SPEC §7: a failure gives an empty list. */
export const getComments = (id: number) => api.get<CommentItem[]>(`/api/events/${id}/comments`).catch(() => []);

export const commentsQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.comments(id), queryFn: () => getComments(id) });

export const useComments = (id: number) => useQuery(commentsQueryOptions(id));
