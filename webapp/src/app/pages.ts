// The pages a member may land on first, each its own chunk; app/preload.ts loads the current route's chunk
// before the first render (app.tsx routes to them).
import { lazyPage } from '../lib/lazy-page';

export const homePage = lazyPage(
  () => import('../features/events/components/home/home-page'),
  (m) => m.HomePage,
);
export const eventsListPage = lazyPage(
  () => import('../features/events/components/list/events-list-page'),
  (m) => m.EventsListPage,
);
export const eventDetailsPage = lazyPage(
  () => import('../features/events/components/details/event-details-page'),
  (m) => m.EventDetailsPage,
);
