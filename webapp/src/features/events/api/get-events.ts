// The events list, a page at a time: upcoming soonest first, past newest first, each page about 50
// events with the cursor of the next. Each event carries its attending count and the caller's own RSVP.
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURED_EVENTS_COUNT } from '../../../../../shared/first-page-constants';
import { EVENTS_PAGE_SIZE, eventsPagePath, myNextEventPath } from '../../../../../shared/first-screen';
import type { EventsWhen } from '../../../../../shared/schemas/events';
import type { EventsPage } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const getEventsPage = (
  when: EventsWhen,
  cursor: string | null,
  limit = EVENTS_PAGE_SIZE,
  sectionId: number | null = null,
) => api.get<EventsPage>(eventsPagePath(when, cursor, limit, false, sectionId));

/** The list's section filter from its address (?section=3); null: every section. */
export function sectionParam(search: URLSearchParams): number | null {
  const id = Number(search.get('section'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The list's pages in the server's order (the list only appends them). Used with useInfiniteQuery in the list's
 * own chunk: the first page's script (app/preload.ts starts this query) stays without the infinite-list hook.
 */
export const eventsQueryOptions = (when: EventsWhen, sectionId: number | null = null) =>
  infiniteQueryOptions({
    queryKey: eventKeys.page(when, sectionId),
    queryFn: ({ pageParam }) => getEventsPage(when, pageParam, EVENTS_PAGE_SIZE, sectionId),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Featured Events on home: a first page of just the 5 soonest. A plain query, so the home's script carries no
 * infinite-list code (that stays in the list's chunk).
 */
export const featuredEventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.featured(),
    queryFn: () => getEventsPage('upcoming', null, FEATURED_EVENTS_COUNT),
    select: (page) => page.events,
  });

export const useFeaturedEvents = () => useQuery(featuredEventsQueryOptions());

/**
 * The member's own next event, wherever it is in the list (the 5 soonest may all be others'): the first
 * upcoming event they are going to, or null.
 */
export const myNextEventQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.myNext(),
    queryFn: () => api.get<EventsPage>(myNextEventPath()),
    select: (page) => page.events[0] ?? null,
  });

export const useMyNextEvent = () => useQuery(myNextEventQueryOptions());
