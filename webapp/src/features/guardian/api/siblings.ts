// Siblings replying together (POST /api/events/{id}/attend with forUserIds, together and answersFor): the events
// two or more of the guardian's children may go to, read from the first page of each child's list, and the one
// reply for several of them. A reply reloads each child's list and the children (slips, replies).
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { SiblingsReplyResponse } from '../../../../../shared/siblings';
import type { EventSummary, EventsPage } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { guardianKeys } from '../../../lib/guardian-children';
import { childEventsKey } from './child-events';

/** An event several children may go to, with each of them as that child sees it (their reply, their place). */
export interface SharedEvent {
  event: EventSummary;
  children: Array<{ id: number; event: EventSummary }>;
}

/**
 * The upcoming events at least two of these children see, soonest first, from each child's first page (under the
 * child's list key, so a reply for the child refreshes it too). Undefined while any is loading.
 */
export function useSharedEvents(childIds: number[]): SharedEvent[] | undefined {
  return useQueries({
    queries: childIds.map((childId) => ({
      queryKey: [...childEventsKey(childId), 'first'] as const,
      queryFn: () => api.get<EventsPage>(`/api/guardian/children/${childId}/events?limit=20`),
    })),
    combine: (results) => {
      if (results.some((result) => !result.data)) return undefined;
      const byEvent = new Map<number, SharedEvent>();
      results.forEach((result, index) => {
        for (const event of result.data!.events) {
          const shared = byEvent.get(event.id) ?? { event, children: [] };
          shared.children.push({ id: childIds[index]!, event });
          byEvent.set(event.id, shared);
        }
      });
      return [...byEvent.values()]
        .filter((shared) => shared.children.length >= 2)
        .sort((a, b) => Date.parse(a.event.date) - Date.parse(b.event.date));
    },
  });
}

export interface SiblingsReply {
  eventId: number;
  childIds: number[];
  /** All or none: every child gets a place, or they all wait together. */
  together: boolean;
  /** Each child's answers to the event's questions, by child id. */
  answersFor: Record<number, AnswersInput>;
}

export function useReplyForSiblings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, childIds, together, answersFor }: SiblingsReply) =>
      api.post<SiblingsReplyResponse>(`/api/events/${eventId}/attend`, {
        status: 'attending',
        forUserIds: childIds,
        together,
        ...(Object.keys(answersFor).length ? { answersFor } : {}),
      }),
    onSettled: (_result, _error, { childIds }) =>
      Promise.all([
        ...childIds.map((childId) => queryClient.invalidateQueries({ queryKey: childEventsKey(childId) })),
        queryClient.invalidateQueries({ queryKey: guardianKeys.children() }),
      ]),
  });
}
