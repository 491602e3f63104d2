// The web app's index.html with the organisation's name and colour written in at startup (BRAND_NAME,
// BRAND_COLOR), so one build serves any organisation. The colour's text colour is chosen for contrast.
import escapeHtml from 'escape-html';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildManifest } from './first-screen-html';

interface Index {
  /** index.html as the build wrote it. */
  built: string;
  /** As served: its stylesheet inlined. */
  html: string;
  manifest: BuildManifest | null;
  /** Each chunk's message part (webapp/i18n-catalogs.ts): chunk file → key. */
  messageParts: Record<string, string>;
}

let last: Index | null = null;

/**
 * The main stylesheet written into the page: the first paint (the loading screen, an event's cover) then waits
 * for the page alone, not for a second request on a slow phone network. It has no url() that would resolve
 * differently from the page; a stylesheet that does, or cannot be read, stays a link.
 */
async function inlineStylesheets(html: string, webappDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g)];
  let page = html;
  for (const [link, file] of links) {
    const css = await readFile(path.join(webappDir, file!), 'utf8').catch(() => null);
    if (css === null || /url\(|<\/style/i.test(css)) continue;
    page = page.replace(link, () => `<style>${css}</style>`);
  }
  return page;
}

/**
 * The build's index.html and its manifest (which chunk holds which module), read per request so a rebuild is
 * served without a restart; the manifest is parsed again only when the page changed (a new build).
 */
export async function readIndex(webappDir: string): Promise<Index> {
  const built = await readFile(path.join(webappDir, 'index.html'), 'utf8');
  if (last?.built === built) return last;
  const html = await inlineStylesheets(built, webappDir);
  const json = <T>(file: string, otherwise: T) =>
    readFile(path.join(webappDir, file), 'utf8')
      .then((text) => JSON.parse(text) as T)
      .catch(() => otherwise);
  const [manifest, messageParts] = await Promise.all([
    json<BuildManifest | null>('.vite/manifest.json', null),
    json<Record<string, string>>('.vite/message-parts.json', {}),
  ]);
  last = { built, html, manifest, messageParts };
  return last;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function contrastText(hex: string): '#ffffff' | '#111111' {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // White wins while its contrast (1.05 / (L + 0.05)) beats black's ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/** `timeZone`: the organisation's, the default zone of new events in the web app's form. */
export function brandedIndexHtml(html: string, brand: { name: string; color: string }, timeZone = 'UTC'): string {
  const name = escapeHtml(brand.name);
  const color = /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : '#4f46e5';
  const head =
    `<meta name="application-name" content="${name}" />` +
    `<meta name="theme-color" content="${color}" />` +
    `<meta name="time-zone" content="${escapeHtml(timeZone)}" />` +
    `<style id="brand">:root{--brand:${color};--brand-text:${contrastText(color)}}</style>`;
  return html.replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`).replace('</head>', `${head}</head>`);
}
