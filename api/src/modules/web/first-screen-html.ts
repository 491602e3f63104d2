// Writes a first screen (first-screen.ts) into the web app's index.html: its head names the route's chunks,
// their stylesheets and the cover, so the browser fetches them beside the main script; the answers go in a
// JSON element the web app reads before its first request (webapp/src/lib/first-screen.ts).
import escapeHtml from 'escape-html';
import { FIRST_SCREEN_ELEMENT_ID, imageSource } from '../../../../shared/first-screen';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import { TEXT_DIRECTION, type Language } from '../../../../shared/i18n/languages';
import type { FirstScreen } from './first-screen';

/** Vite's build manifest (build.manifest): each module's chunk, the chunks it imports, its stylesheets. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

const messages = defineMessages({
  description: {
    id: 'page.description',
    defaultMessage:
      'Events of our youth community: see what is on, RSVP, bring a friend and get reminders by email, SMS or Telegram.',
    description: "The site's description for search engines and link previews (webapp/index.html).",
  },
});

/** The loading screen's opening tag in index.html (replaced by React's first render). */
const BOOT = '<div class="boot" aria-hidden="true">';

/** The files the modules need beyond the main script (which the page loads anyway, with its own imports). */
function chunkFiles(manifest: BuildManifest, modules: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // The main script and the chunks it imports are in the page already.
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const entryFiles = entries.flatMap((key) => [key, ...(manifest[key]!.imports ?? [])].map((k) => manifest[k]?.file));
  const seen = new Set<string>(entries.flatMap((key) => [key, ...(manifest[key]!.imports ?? [])]));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || chunk.isEntry) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts, styles, entryFiles: entryFiles.filter((file): file is string => file !== undefined) };
}

/** The first screen's messages: the language's part of each chunk it runs (webapp/i18n-catalogs.ts). */
export interface FirstScreenMessages {
  language: Language;
  parts: Record<string, string>;
}

export function writeFirstScreen(
  html: string,
  screen: FirstScreen,
  manifest: BuildManifest | null,
  messages?: FirstScreenMessages,
): string {
  let cover = '';
  let bootCover = '';
  let bootClass = '';
  if (screen.cover) {
    // The largest paint: named before the main script, at high priority, with the same srcset and sizes as its <img>.
    const source = imageSource(screen.cover.url, screen.cover.variant);
    const srcSet = escapeHtml(source.srcSet ?? '');
    const sizes = escapeHtml(source.sizes ?? '');
    cover =
      `<link rel="preload" as="image" href="${escapeHtml(source.src)}" fetchpriority="high"` +
      (srcSet ? ` imagesrcset="${srcSet}" imagesizes="${sizes}"` : '') +
      ' />';
    // An event's page: its cover is the loading screen, where the page will show it, painted before any script.
    if (screen.cover.page) {
      bootClass = screen.cover.page === 'preview' ? 'boot boot-event boot-preview' : 'boot boot-event';
      bootCover =
        `<img class="boot-cover" src="${escapeHtml(source.src)}"` +
        (srcSet ? ` srcset="${srcSet}" sizes="${sizes}"` : '') +
        ' alt="" width="1600" height="686" fetchpriority="high" />';
    }
  }
  let chunks = '';
  if (manifest) {
    // crossorigin as the web app's own loader asks (Vite's preload helper), or the browser would fetch twice.
    const { scripts, styles, entryFiles } = chunkFiles(manifest, screen.modules);
    for (const file of scripts) chunks += `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`;
    for (const file of styles) chunks += `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`;
    // Their messages, in the page's language: the app waits for them before its first render.
    const keys = new Set([...entryFiles, ...scripts].map((file) => messages?.parts[file]).filter(Boolean));
    for (const key of keys) {
      const href = `/assets/messages/${messages!.language}/${key}.js`;
      chunks += `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`;
    }
  }
  // JSON, never run: only a "<" could end the element early, and JSON may write it as \u003c.
  const answers = JSON.stringify(screen.answers).replace(/</g, '\\u003c');
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${answers}</script>`;
  return html
    .replace(BOOT, (boot) => (bootCover ? `${boot.replace('class="boot"', `class="${bootClass}"`)}${bootCover}` : boot))
    .replace('<title>', `${cover}<title>`)
    .replace('</head>', `${chunks}</head>`)
    .replace('</body>', `${data}</body>`);
}

/** The site's description for search engines and link previews, as text. */
export const siteDescription = (language: Language): string => translator.t(language, messages.description.id);

/** The page's `lang`, `dir` and description in `language`. */
export function pageInLanguage(html: string, language: Language): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" dir="${TEXT_DIRECTION[language]}"`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_all, start: string, end: string) => `${start}${escapeHtml(siteDescription(language))}${end}`,
    );
}
