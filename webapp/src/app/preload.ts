// The first screen's requests, started before React renders (issue 13). Rendered in order they would form a
// chain (main script → current user → the route's code → its data → the cover image); started here they run
// side by side. React Query and React.lazy then find them under way or done: nothing is asked twice.
import type { QueryClient } from '@tanstack/react-query';
import type { EventDetail } from '../../../shared/types';
import { eventsQueryOptions, featuredEventsQueryOptions, type EventsPage } from '../features/events/api/get-events';
import { eventKeys } from '../features/events/api/keys';
import { api } from '../lib/api-client';
import { currentUserQueryOptions } from '../lib/auth';
import { IMAGE_SIZES, imageSource } from '../lib/images';

/** Tells the browser about the first cover early (the largest paint), with the widths a phone chooses from. */
function preloadCover(url: string | undefined, variant: keyof typeof IMAGE_SIZES) {
  if (!url) return;
  const source = imageSource(url, variant);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = source.src;
  if (source.srcSet) link.imageSrcset = source.srcSet;
  if (source.sizes) link.imageSizes = source.sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}

const firstCover = (page: EventsPage | undefined) => page?.events[0]?.imageUrl;

/**
 * Starts the current user, the route's code and data, and returns when the first render may start: once the
 * current user is known (the shell is then drawn once as it will stay: header, navigation, sidebar, instead of a
 * signed-out shell that moves when the member arrives); on a member's home also once Featured Events are there,
 * since that table would otherwise push the cards below it down. The route's code loads meanwhile.
 */
export function preloadFirstScreen(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<unknown> {
  const { pathname } = location;
  const user = queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  if (pathname === '/') {
    void import('../features/events/components/home-page');
    // Featured Events (signed in only: a visitor would get a 401) and their chunk.
    return user.then(
      (member) =>
        member &&
        Promise.all([
          import('../features/events/components/featured-events'),
          queryClient.prefetchQuery(featuredEventsQueryOptions()),
        ]).catch(() => {}),
    );
  }
  // Member pages: asked for at once, beside the current user (a visitor gets one 401 and the sign-in prompt).
  if (pathname === '/events') {
    const when = new URLSearchParams(location.search).get('when') === 'past' ? 'past' : 'upcoming';
    // Data first: importing a route queues its files' preloads, which takes a moment of its own.
    void queryClient
      .fetchInfiniteQuery(eventsQueryOptions(when))
      .then((data) => preloadCover(firstCover(data.pages[0]), 'card'))
      .catch(() => {});
    void import('../features/events/components/events-list-page');
  }
  const details = /^\/events\/(\d+)\/?$/.exec(pathname);
  if (details) {
    const id = Number(details[1]);
    // The details page's query (get-event.ts) by its key: importing that module here made the bundler split the
    // first page's script in two, 1.6 KB more in all.
    void queryClient
      .fetchQuery({ queryKey: eventKeys.detail(id), queryFn: () => api.get<EventDetail>(`/api/events/${id}`) })
      .then((event) => preloadCover(event.imageUrl, 'cover'))
      .catch(() => {});
    void import('../features/events/components/event-details-page');
  }
  return user;
}
