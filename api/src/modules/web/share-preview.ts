// The link preview a chat app draws for a shared page (Open Graph and Twitter card tags in the served HTML).
// A public event's page names the event, its date and time, a line of its description and its cover; any
// other page — a private, deleted or unknown event included — carries only the site's own tags, so a guessed
// link reveals nothing. The place is never in a preview: it is for members (web, cards and calendars alike).
import escapeHtml from 'escape-html';
import { momentWithZone } from '../../../../shared/date-format';
import { imageSource } from '../../../../shared/first-screen';
import type { Language } from '../../../../shared/i18n/languages';
import type { PublicPreview } from '../events/events-repository';

/** How long a description may be in a preview: chat apps show two or three lines. */
const DESCRIPTION_CHARS = 160;

/**
 * Sample covers are SVG, which chat apps do not draw: the build writes a PNG of each (webapp/share-pictures.ts),
 * and the server draws the brand-colour covers' PNG beside their SVG (brand-covers.ts).
 */
const SAMPLE_COVER = /^\/images\/events\/[a-z0-9-]+\.svg$/;

/** The cover as a chat app can draw it: an upload's WebP at the details page's width, a sample's PNG. */
export const sharedPicture = (imageUrl: string): string =>
  SAMPLE_COVER.test(imageUrl) ? imageUrl.replace(/\.svg$/, '.png') : imageSource(imageUrl, 'cover').src;

function shorten(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= chars) return flat;
  const cut = flat.slice(0, chars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > chars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

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

/** The tags for `event` (a public event) or, without one, the site's. */
export function previewTags(html: string, context: PreviewContext, event: PublicPreview | null): string {
  const url = `${context.origin}${context.path}`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', context.siteName],
    ['property', 'og:url', url],
  ];
  if (event) {
    const when = momentWithZone(event.date, event.timeZone, context.language);
    const about = shorten(event.description, DESCRIPTION_CHARS);
    tags.push(
      ['property', 'og:type', 'website'],
      ['property', 'og:title', event.name],
      ['property', 'og:description', about ? `${when} · ${about}` : when],
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
