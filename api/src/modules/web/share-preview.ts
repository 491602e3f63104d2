// The link preview a chat app draws for a shared page (Open Graph and Twitter card tags in the served HTML).
// An upcoming public event's page names the event (also in <title>), its date and time (with the zone), the
// organiser's public summary, and a picture of its name and date over its cover (preview-picture.ts); any other
// page — a past, private, deleted or unknown event included, and every page while the organisation has turned
// previews off — carries only the site's own tags, so a guessed link reveals nothing. The place and the
// description are never in a preview: they are for members (a description may hold a door code or a phone
// number), on the web, in cards and in calendars alike.
import escapeHtml from 'escape-html';
import { momentWithZone } from '../../../../shared/date-format';
import type { Language } from '../../../../shared/i18n/languages';
import type { EventPreview } from '../../../../shared/types';

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

/** An upcoming public event as its shared page shows it, and the address of its link-preview picture. */
export interface SharedPage {
  preview: EventPreview;
  /** The picture's path (/api/events/12/preview.png?v=…). */
  picture: string;
}

/** The tags for `shared` (an upcoming public event) or, without one, the site's. */
export function previewTags(html: string, context: PreviewContext, shared: SharedPage | null): string {
  const url = `${context.origin}${context.path}`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', context.siteName],
    ['property', 'og:url', url],
  ];
  if (shared) {
    const event = shared.preview;
    const when = momentWithZone(new Date(event.date), event.timeZone, context.language);
    // The summary is the organiser's words for outsiders, the only free text a visitor reads.
    const description = event.publicSummary ? `${when} · ${event.publicSummary}` : when;
    const image = `${context.origin}${shared.picture}`;
    tags.push(
      ['property', 'og:type', 'website'],
      ['property', 'og:title', event.name],
      ['property', 'og:description', description],
      ['property', 'og:image', image],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['property', 'og:image:alt', `${event.name} · ${when}`],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', event.name],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    );
    // The tab and a search result name the event, as the page a visitor sees does.
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${event.name} · ${context.siteName}`)}</title>`);
  } else {
    tags.push(['property', 'og:type', 'website'], ['property', 'og:title', context.siteName]);
    tags.push(['property', 'og:description', context.siteDescription]);
    tags.push(['name', 'twitter:card', 'summary']);
  }
  // Every value is text, escaped once here for the attribute.
  const head = tags.map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeHtml(value)}" />`).join('');
  return html.replace('</head>', `${head}</head>`);
}
