// Writes the English catalog (shared/i18n/catalogs/en.json) from the source: `formatjs extract` finds every
// defineMessages({ key: { id, defaultMessage } }) in the code, every MSG entry (shared/messages.ts) is
// `msg.<key>` and every form field's name (FIELD_NAMES) `field.<key>`. `npm run i18n:extract` runs it; tests/ops/i18n-catalogs.test.ts fails while the file is stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldEnglishSources, msgCatalogKey, msgEnglishSources } from '../shared/i18n/message-keys';
import { icuOfPlainText } from '../shared/i18n/translate';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CATALOG_DIR = path.join(ROOT, 'shared/i18n/catalogs');
const SOURCES = ['api/src/**/*.ts', 'bot/src/**/*.ts', 'shared/**/*.ts', 'webapp/src/**/*.{ts,tsx}'];

/** The English catalog as the source says it should be, keys sorted. */
export function extractEnglish(): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-extract-'));
  try {
    const out = path.join(dir, 'described.json');
    const bin = path.join(ROOT, 'node_modules/.bin/formatjs');
    execFileSync(
      bin,
      ['extract', ...SOURCES, '--format', 'simple', '--preserve-whitespace', '--throws', '--out-file', out],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const catalog: Record<string, string> = JSON.parse(readFileSync(out, 'utf8'));
    for (const [key, text, kind] of msgEnglishSources()) {
      catalog[msgCatalogKey(key)] = kind === 'text' ? icuOfPlainText(text) : text;
    }
    for (const [key, name] of fieldEnglishSources()) catalog[key] = icuOfPlainText(name);
    return Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const catalogJson = (catalog: Record<string, string>) => `${JSON.stringify(catalog, null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const english = extractEnglish();
  writeFileSync(path.join(CATALOG_DIR, 'en.json'), catalogJson(english));
  console.log(`en.json: ${Object.keys(english).length} messages`);
}
