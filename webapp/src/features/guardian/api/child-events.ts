// A child's upcoming events as the child sees them, with their reply (GET /api/guardian/children/{id}/events), and
// the guardian's reply for the child (POST /api/events/{id}/attend with forUserId). A reply reloads the children
// (slips, the events list) too.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredRsvpStatus } from '../../../../../shared/constants';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { AttendResponse, EventsPage } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { guardianKeys } from '../../../lib/guardian-children';

export const childEventsKey = (childId: number) => [...guardianKeys.all, 'child-events', childId] as const;

/** A page at a time (20 events), following the list's opaque cursor: "Show more" asks for the next. */
export const useChildEvents = (childId: number, enabled = true) =>
  useInfiniteQuery({
    queryKey: childEventsKey(childId),
    queryFn: ({ pageParam }) =>
      api.get<EventsPage>(
        `/api/guardian/children/${childId}/events?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });

export interface ChildReply {
  eventId: number;
  status: Extract<StoredRsvpStatus, 'attending' | 'not_attending'>;
  /** The event's registration questions answered for the child, when it asks any. */
  answers?: AnswersInput;
}

export function useReplyForChild(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, status, answers }: ChildReply) =>
      api.post<AttendResponse>(`/api/events/${eventId}/attend`, {
        status,
        forUserId: childId,
        ...(answers ? { answers } : {}),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childEventsKey(childId) }),
        queryClient.invalidateQueries({ queryKey: guardianKeys.children() }),
      ]),
  });
}
