// What the page the server sends already carries for its first screen. Without it a phone waits
// for a chain: the page → the main script → the current user and the route's data → the route's code → the
// cover. Here the server, which knows the route and the session, answers the first GETs in the page itself
// and names the route's code and cover in its head, so they load beside the main script (an event's page
// whose cover is an uploaded photo names the cover alone: see below).
//
// Only what the session may see: the answers are the API's own for this cookie (a private event the member
// may not see gives no answer and no cover), and a page carrying them is private to the browser. An account
// that is signed in but may read no events (waiting for approval, a guardian's) gets the visitor's page.
// Inside Telegram the page is loaded without a session (initData comes later, per request): the web app drops
// whatever the page carries there (webapp/src/lib/first-screen.ts).
import type { Request } from 'express';
import { FEATURED_EVENTS_COUNT } from '../../../../shared/constants';
import {
  CURRENT_USER_PATH,
  EVENTS_PAGE_SIZE,
  eventPath,
  eventPreviewPath,
  eventsPagePath,
  isUploadedImage,
  myNextEventPath,
  type FirstScreenAnswers,
  type IMAGE_SIZES,
} from '../../../../shared/first-screen';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import type { AppDeps } from '../../deps';
import { addressKey, consume } from '../../http/rate-limit';
import { SESSION_COOKIE, findSession, readCookie } from '../auth/sessions';
import { linkPreviewRule } from '../events/events-routes';
import type { EventsService, SharedEvent } from '../events/events-service';
import type { MinorsService } from '../minors/minors-service';
import type { UserRow } from '../users/users-repository';

/** The web app's modules (paths as in its build manifest) of the pages a member lands on. */
export const PAGE_MODULES = {
  home: 'src/features/events/components/home/home-page.tsx',
  featured: 'src/features/events/components/home/featured-events.tsx',
  list: 'src/features/events/components/list/events-list-page.tsx',
  details: 'src/features/events/components/details/event-details-page.tsx',
} as const;

export interface FirstScreen {
  /** API address → the answer the page carries for it. */
  answers: FirstScreenAnswers;
  /** The route's modules, to be named in the page's head (their chunks load beside the main script). */
  modules: string[];
  /**
   * The largest paint: the first cover, with the place it appears (its sizes); an event's page (`page`) also
   * shows it on its loading screen, where the member's page or the visitor's preview will draw it.
   */
  cover: { url: string; variant: keyof typeof IMAGE_SIZES; page?: 'details' | 'preview' } | null;
  /** The page carries a member's data: no cache but their browser's may keep it. */
  personal: boolean;
  /** The upcoming public event a shared link points at (its link preview), or null: the site's own tags. */
  preview: SharedEvent | null;
  /** The signed-in member's saved language, which the page is written in. */
  savedLanguage: Language | null;
}

const DETAILS = /^\/events\/(\d{1,9})\/?$/;

/**
 * Whom the page may carry the programme for: an active account that is not a guardian's. The API refuses every
 * event read of the others (a pending account waits for approval, a guardian account sees only its children;
 * a suspended account has no session at all), and the page must not carry what the API refuses.
 */
const isMember = (user: UserRow) => user.status === 'active' && user.role !== 'guardian';

export function createFirstScreen(deps: AppDeps, events: EventsService, minors: MinorsService) {
  const previewRule = linkPreviewRule(deps.config);

  async function sessionUser(req: Request): Promise<UserRow | null> {
    const token = readCookie(req, SESSION_COOKIE);
    return token ? ((await findSession(deps, token))?.user ?? null) : null;
  }

  /** The link preview of the event the page shows, counted with the preview route's calls from the address. */
  async function linkPreview(req: Request, eventId: number | null): Promise<SharedEvent | null> {
    if (eventId === null) return null;
    const verdict = await consume(deps.prisma, addressKey(previewRule, req), previewRule);
    return verdict.allowed ? events.publicPreview(eventId) : null;
  }

  /** The first screen of `req.path` for the request's session cookie. */
  return async function firstScreen(req: Request): Promise<FirstScreen> {
    const path = req.path;
    const user = await sessionUser(req);
    const member = user && isMember(user) ? user : null;
    const answers: FirstScreenAnswers = {};
    // A visitor is told at once that nobody is signed in. An account that is signed in but no member gets no
    // answer here: the web app asks the server, which tells it what that account is (waiting, a guardian).
    if (member) answers[CURRENT_USER_PATH] = { status: 200, body: await minors.currentUser(member) };
    else if (!user) answers[CURRENT_USER_PATH] = { status: 401, body: null };
    const details = DETAILS.exec(path);
    const eventId = details ? Number(details[1]) : null;
    const preview = await linkPreview(req, eventId);
    const screen: FirstScreen = {
      answers,
      modules: [],
      cover: null,
      personal: member !== null,
      preview,
      savedLanguage: isLanguage(user?.language) ? user.language : null,
    };
    // Anyone but a member opening a shared link sees the event's teaser (never its place): what the preview
    // route answers anybody.
    if (!member && preview) {
      answers[eventPreviewPath(preview.preview.id)] = { status: 200, body: preview.preview };
      screen.cover = { url: preview.preview.imageUrl, variant: 'cover', page: 'preview' };
    }
    // A visitor's page names no code: on a slow phone those downloads would slow the stylesheet that the first
    // paint waits for, and the main script fetches the little a visitor's page needs soon enough.
    if (!member) return screen;
    if (path === '/') {
      screen.modules.push(PAGE_MODULES.home, PAGE_MODULES.featured);
      const [featured, myNext] = await Promise.all([
        events.page(member, { when: 'upcoming', limit: FEATURED_EVENTS_COUNT, mine: false }),
        events.page(member, { when: 'upcoming', limit: 1, mine: true }),
      ]);
      answers[eventsPagePath('upcoming', null, FEATURED_EVENTS_COUNT)] = { status: 200, body: featured };
      answers[myNextEventPath()] = { status: 200, body: myNext };
      return screen;
    }
    if (path === '/events') {
      screen.modules.push(PAGE_MODULES.list);
      const when = req.query.when === 'past' ? 'past' : 'upcoming';
      const page = await events.page(member, { when, limit: EVENTS_PAGE_SIZE, mine: false });
      answers[eventsPagePath(when, null, EVENTS_PAGE_SIZE)] = { status: 200, body: page };
      const first = page.events[0]?.imageUrl;
      if (first) screen.cover = { url: first, variant: 'row' };
      return screen;
    }
    if (eventId !== null) {
      const id = eventId;
      // Not visible to this member (or gone): no answer, no cover; the web app asks and shows 'Event Not Found'.
      const event = await events.getVisible(member, id).catch(() => null);
      if (event) answers[eventPath(id)] = { status: 200, body: event };
      if (event?.imageUrl) screen.cover = { url: event.imageUrl, variant: 'cover', page: 'details' };
      // An uploaded photo (tens of KB) is the page's largest paint, drawn by the loading screen before any
      // script. Named beside the page's forty-odd code and message files, it shares a phone's few connections
      // with all of them and paints after the last; without them it shares the line with the main script only,
      // and the page's code follows that script one round trip later, while the cover is already on screen.
      if (!event?.imageUrl || !isUploadedImage(event.imageUrl)) screen.modules.push(PAGE_MODULES.details);
    }
    return screen;
  };
}
