// The link preview a chat app draws for a shared page (Open Graph and Twitter card tags in the served HTML).
// An upcoming public event's page names the event, its date and time (with the zone) and its cover; any other
// page — a past, private, deleted or unknown event included, and every page while the organisation has turned
// previews off — carries only the site's own tags, so a guessed link reveals nothing. The place and the
// description are never in a preview: they are for members (a description may hold a door code or a phone
// number), on the web, in cards and in calendars alike.
import escapeHtml from 'escape-html';
import { momentWithZone } from '../../../../shared/date-format';
import { imageSource } from '../../../../shared/first-screen';
import type { Language } from '../../../../shared/i18n/languages';
import type { PublicPreview } from '../events/events-repository';

/**
 * Sample covers are SVG, which chat apps do not draw: the build writes a PNG of each (webapp/share-pictures.ts),
 * and the server draws the brand-colour covers' PNG beside their SVG (brand-covers.ts).
 */
const SAMPLE_COVER = /^\/images\/events\/[a-z0-9-]+\.svg$/;

/** The cover as a chat app can draw it: an upload's WebP at the details page's width, a sample's PNG. */
export const sharedPicture = (imageUrl: string): string =>
  SAMPLE_COVER.test(imageUrl) ? imageUrl.replace(/\.svg$/, '.png') : imageSource(imageUrl, 'cover').src;

export interface PreviewContext {
  /** The site's address as visitors reach it (https://events.example.org), no trailing slash. */
  origin: string;
  /** The page's path (/events/12). */
  path: string;
  siteName: string;
  /** The site's description as text, for pages that are not a public event. */
  siteDescription: string;
  /** The page's language: a chat app's fetch names none, so it is mostly the organisation's. */
  language: Language;
}

/** The tags for `event` (an upcoming public event) or, without one, the site's. */
export function previewTags(html: string, context: PreviewContext, event: PublicPreview | null): string {
  const url = `${context.origin}${context.path}`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', context.siteName],
    ['property', 'og:url', url],
  ];
  if (event) {
    const when = momentWithZone(event.date, event.timeZone, context.language);
    tags.push(
      ['property', 'og:type', 'website'],
      ['property', 'og:title', event.name],
      ['property', 'og:description', when],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', event.name],
    );
    if (event.imageUrl) {
      const image = `${context.origin}${sharedPicture(event.imageUrl)}`;
      tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
      tags.push(['property', 'og:image:alt', event.name]);
    }
  } else {
    tags.push(['property', 'og:type', 'website'], ['property', 'og:title', context.siteName]);
    tags.push(['property', 'og:description', context.siteDescription]);
    tags.push(['name', 'twitter:card', 'summary']);
  }
  // Every value is text, escaped once here for the attribute.
  const head = tags.map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeHtml(value)}" />`).join('');
  return html.replace('</head>', `${head}</head>`);
}
