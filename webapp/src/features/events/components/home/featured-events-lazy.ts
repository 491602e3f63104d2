// Featured Events' chunk, as home renders it and app/preload.ts loads it before a member's first render (then
// home draws the table at once, not a skeleton that the table pushes aside).
import { lazyPage } from '../../../../lib/lazy-page';

export const featuredEvents = lazyPage(
  () => import('./featured-events'),
  (m) => m.FeaturedEvents,
);
