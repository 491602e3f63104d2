// What the server and the web app agree on for the first screen: the API addresses the web app asks
// for first, the answers the server writes into the page for them, and how an event image is offered (the
// server's <link rel=preload> must name the very srcset and sizes the page's <img> uses, or the phone loads it twice).
import { IMAGE_UPLOAD, UPLOADED_IMAGE_URL } from './first-page-constants';

/** The element of index.html holding the inlined answers (JSON, never run as a script). */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** An API answer written into the page: what a GET of that address would have answered just then. */
export interface InlinedAnswer {
  status: number;
  body: unknown;
}

/** API address → its answer, for the first screen's GET requests. */
export type FirstScreenAnswers = Record<string, InlinedAnswer>;

/** The web app's list page (the server's default, EVENTS_PAGE in schemas/events.ts, which the first page must not import). */
export const EVENTS_PAGE_SIZE = 50;

export const CURRENT_USER_PATH = '/api/users/me';

/** GET /api/events?when=…&limit=…&cursor=…&mine=true, written the one way both sides build it. */
export function eventsPagePath(
  when: 'upcoming' | 'past',
  cursor: string | null,
  limit: number,
  mine = false,
  sectionId: number | null = null,
): string {
  const query = new URLSearchParams({ when, limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (mine) query.set('mine', 'true');
  if (sectionId !== null) query.set('sectionId', String(sectionId));
  return `/api/events?${query}`;
}

/** Home's "Your next event": the soonest upcoming event the member is going to, wherever it is in the list. */
export const myNextEventPath = () => eventsPagePath('upcoming', null, 1, true);

export const eventPath = (id: number) => `/api/events/${id}`;
export const eventPreviewPath = (id: number) => `/api/events/${id}/preview`;

/** `sizes` for the places an image appears: a card in the grid, or the wide cover on the details page. */
export const IMAGE_SIZES = {
  card: '(min-width: 1024px) 340px, (min-width: 640px) 50vw, 100vw',
  cover: '(min-width: 1120px) 880px, 100vw',
  thumb: '160px',
  /** A row of the events list: a square thumbnail on phones, a 16:9 one from 760 px. */
  row: '(min-width: 760px) 176px, 80px',
} as const;

export interface ImageSource {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export const isUploadedImage = (url: string) => UPLOADED_IMAGE_URL.test(url);

/** An uploaded image (/api/images/<id>) in its three widths, so a phone downloads the small one; samples as they are. */
export function imageSource(url: string, sizes: keyof typeof IMAGE_SIZES): ImageSource {
  if (!isUploadedImage(url)) return { src: url };
  return {
    src: `${url}/${IMAGE_UPLOAD.defaultWidth}.webp`,
    srcSet: IMAGE_UPLOAD.widths.map((width) => `${url}/${width}.webp ${width}w`).join(', '),
    sizes: IMAGE_SIZES[sizes],
  };
}
