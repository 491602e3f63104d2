// The constants the web app's first page uses (the language list, home's pictures, the featured count, the image
// URLs the first screen announces, the toasts' timing), apart from the rest of constants.ts: a bundle takes a
// module whole, so the first page's script would otherwise carry every limit and list of every screen. Import
// them from constants.ts, which re-exports them, unless the first page's code imports them.

export const FEATURED_EVENTS_COUNT = 5;

export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** The 4 sample event images of the create form, served by the web app. */
export const SAMPLE_EVENT_IMAGES = [
  '/images/events/campfire.svg',
  '/images/events/concert.svg',
  '/images/events/hike.svg',
  '/images/events/workshop.svg',
] as const;

/** Cover photos organisers upload (POST /api/images): what the server accepts and the WebP widths it stores. */
export const IMAGE_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size; a small file may declare a huge picture (a decompression bomb). */
  maxPixels: 40_000_000,
  /** Widths of the stored WebP variants, served at /api/images/<id>/<width>.webp. */
  widths: [480, 960, 1600],
  /** The variant /api/images/<id> serves. */
  defaultWidth: 960,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'],
} as const;
/** An uploaded image's URL as events store it: /api/images/ and a random 22-character id. */
export const UPLOADED_IMAGE_URL = /^\/api\/images\/([A-Za-z0-9_-]{22})$/;

/** The languages the organisation may choose as its default. */
export const ORGANISATION_LANGUAGES = ['en', 'de', 'es', 'fr', 'ru', 'uk', 'ar'] as const;
export type OrganisationLanguage = (typeof ORGANISATION_LANGUAGES)[number];
