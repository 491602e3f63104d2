// The first screen's requests, started before React renders. Rendered in order they would form a
// chain (main script → current user → the route's code → its data → the cover image); started here they run
// side by side. React Query and the route's lazy page then find them under way or done: nothing is asked twice.
// For a website member the server has already written the user and the route's data into the page, and
// announced the route's code and cover in its head (api/src/http/first-screen.ts): then nothing here waits
// on the network but the route's code, which is on its way since the page arrived.
import { dateFormat } from '../../../shared/date-format';
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, EventDetail, EventsPage } from '../../../shared/types';
import { CURRENT_USER_PATH, EVENTS_PAGE_SIZE, eventPath, eventsPagePath } from '../../../shared/first-screen';
import {
  eventsQueryOptions,
  sectionParam,
  featuredEventsQueryOptions,
  myNextEventQueryOptions,
} from '../features/events/api/get-events';
import { eventKeys } from '../features/events/api/keys';
import { featuredEvents } from '../features/events/components/home/featured-events-lazy';
import { api } from '../lib/api-client';
import { currentUserQueryOptions } from '../lib/auth';
import { hasInlinedAnswer } from '../lib/first-screen';
import { IMAGE_SIZES, imageSource } from '../lib/images';
import { eventDetailsPage, eventsListPage, homePage } from './pages';

/** Tells the browser about the first cover early (the largest paint), with the widths a phone chooses from. */
function preloadCover(url: string | undefined, variant: keyof typeof IMAGE_SIZES) {
  if (!url) return;
  const source = imageSource(url, variant);
  // The server announced it already with the page.
  if (document.querySelector(`link[rel="preload"][href="${CSS.escape(source.src)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = source.src;
  if (source.srcSet) link.imageSrcset = source.srcSet;
  if (source.sizes) link.imageSizes = source.sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * The first date format of a page loads the browser's locale data: tens of milliseconds of one task on a phone.
 * Started while the route's code is still on its way, it is done before the first render needs it.
 */
const warmUpDateFormats = () => setTimeout(() => dateFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(0));

const firstCover = (page: EventsPage | undefined) => page?.events[0]?.imageUrl;

/** Who may read events: a visitor, an account not yet (or no longer) active and a guardian would get a refusal. */
const readsEvents = (user: CurrentUser | null) => user?.status === 'active' && user.role !== 'guardian';

/**
 * Starts the current user, the route's code and data, and returns when the first render may start: once the
 * current user is known (the shell is then drawn once as it will stay: header, navigation, sidebar, instead of a
 * signed-out shell that moves when the member arrives) and the route's code is there (its page then renders at
 * once, not a skeleton first); on a member's home also once Featured Events are there, since that table would
 * otherwise push the cards below it down.
 */
export function preloadFirstScreen(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<unknown> {
  const { pathname } = location;
  // Asked before the request below takes the answer: the page said who the member is.
  const userInlined = hasInlinedAnswer(CURRENT_USER_PATH);
  const user = queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  // A page whose code fails to load is the route's error boundary's to show.
  const page = (lazy: { preload: () => Promise<unknown> }) => lazy.preload().catch(() => {});
  if (pathname === '/') {
    // Featured Events (signed in only: a visitor would get a 401) and their chunk.
    const featured = user.then((member) => {
      if (!member) return null;
      warmUpDateFormats();
      return Promise.all([
        featuredEvents.preload(),
        queryClient.prefetchQuery(featuredEventsQueryOptions()),
        queryClient.prefetchQuery(myNextEventQueryOptions()),
      ]).catch(() => {});
    });
    return Promise.all([page(homePage), featured]);
  }
  // Member pages: asked for at once, beside the current user. When the page brought the current user (it then
  // takes no time), a visitor's list is not asked for: its refusal would only be an error in the console.
  if (pathname === '/events') {
    warmUpDateFormats();
    const search = new URLSearchParams(location.search);
    const when = search.get('when') === 'past' ? 'past' : 'upcoming';
    const section = sectionParam(search);
    // The route's data is awaited before the first render only when the page brought it (it then takes no time);
    // asked before the request below takes the answer.
    const inlined = hasInlinedAnswer(eventsPagePath(when, null, EVENTS_PAGE_SIZE, false, section));
    const fetchList = () =>
      queryClient
        .fetchInfiniteQuery(eventsQueryOptions(when, section))
        .then((result) => preloadCover(firstCover(result.pages[0]), 'card'))
        .catch(() => {});
    const data = userInlined ? user.then((member) => (readsEvents(member) ? fetchList() : null)) : fetchList();
    return Promise.all([user, page(eventsListPage), inlined && data]);
  }
  const details = /^\/events\/(\d+)\/?$/.exec(pathname);
  if (details) {
    warmUpDateFormats();
    const id = Number(details[1]);
    const path = eventPath(id);
    const inlined = hasInlinedAnswer(path);
    // The details page's query (get-event.ts) by its key: importing that module here would make the bundler
    // split the first page's script in two, larger in all.
    const fetchEvent = () =>
      queryClient
        .fetchQuery({ queryKey: eventKeys.detail(id), queryFn: () => api.get<EventDetail>(path) })
        .then((event) => preloadCover(event.imageUrl, 'cover'))
        .catch(() => {});
    // A visitor's shared link shows the teaser, which asks for the event's preview instead.
    const data = userInlined ? user.then((member) => (readsEvents(member) ? fetchEvent() : null)) : fetchEvent();
    return Promise.all([user, page(eventDetailsPage), inlined && data]);
  }
  return user;
}
