// The web app's message catalogs, built from shared/i18n/catalogs: for each language, one small module per part of
// the app, holding only the messages that part's code uses, already parsed (so the browser needs no ICU parser).
//
// - A part is a group of source files (partOf): the app's shell, the first page's event views, each feature.
// - Each source module that uses messages asks for its part as it runs (`loadMessageParts`); a component's useT()
//   waits (suspends) until what was asked for is in, and main.tsx waits before the first render: a lazily loaded
//   page renders in the member's language from its first paint, and the first page loads only the parts it shows.
//   Loading a part is a dynamic import of `virtual:web-catalog/<language>/<part>`.
// - In the build each message's English (`defaultMessage`) and `description` are dropped from the code: English
//   is a catalog like the others, so the text is sent once, in the language the member reads.
// - `en-XA` is a pseudo-language for tests: English accented and a third longer, so a string that did not come
//   from a catalog stands out on screen.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIR = path.join(ROOT, 'webapp/src');
const CATALOG_DIR = path.join(ROOT, 'shared/i18n/catalogs');
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ru', 'uk', 'ar'] as const;
export const PSEUDO_LANGUAGE = 'en-XA';
const WEB_LANGUAGES = [...LANGUAGES, PSEUDO_LANGUAGE];

const CATALOGS_ID = 'virtual:web-catalogs';
const PART_PREFIX = 'virtual:web-catalog/';
const RESOLVED = '\0';

/** Modules of the first page's event views: their messages load with the shell's. */
const FIRST_PAGE_EVENTS =
  /features\/events\/(?:api\/|components\/(?:home-page|featured-events|event-row|rsvp|rsvp-text|events-list-page|event-cover|minor-state|series-hint)\b)/;
const EVENT_FORMS =
  /features\/events\/components\/(?:event-form|create-event-page|edit-event-page|series-repeat-fields|series-recurrence|cover-picker|guests-stepper)\b/;

/** Which part a source file's messages belong to. */
export function partOf(file: string): string {
  const relative = path.relative(SOURCE_DIR, file).split(path.sep).join('/');
  if (FIRST_PAGE_EVENTS.test(relative)) return 'events';
  if (EVENT_FORMS.test(relative)) return 'event-forms';
  if (relative.startsWith('features/events/')) return 'event-page';
  const feature = /^features\/([^/]+)\//.exec(relative);
  return feature ? feature[1]! : 'shell';
}

// `id: 'web.x.y'` inside defineMessages, and msg('key') for the API's own texts (shared/messages.ts).
const MESSAGE_ID = /\bid:\s*'((?:web|msg)\.[A-Za-z0-9_.-]+)'/g;
const MSG_CALL = /\bmsg\(\s*'([A-Za-z0-9_]+)'\s*\)/g;
/** msg(key) with a key found at run time (a validation message): the part holds every API text. */
const MSG_DYNAMIC = /\bmsg\(\s*[^'\s)]/;
const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60[^\x60]*\x60)`;
const TEXT = String.raw`${STRING}(?:\s*\+\s*${STRING})*\s*,?`;
/** A message's English and the translators' note after it (a toast's `description` is not a message's). */
const DROPPED_FIELD = new RegExp(String.raw`\bdefaultMessage:\s*${TEXT}(?:\s*description:\s*${TEXT})?`, 'g');

const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(CATALOG_DIR, `${language}.json`), 'utf8'));

export function messageIdsIn(code: string): string[] {
  const ids = new Set<string>();
  for (const match of code.matchAll(MESSAGE_ID)) ids.add(match[1]!);
  for (const match of code.matchAll(MSG_CALL)) ids.add(`msg.${match[1]}`);
  if (MSG_DYNAMIC.test(code))
    for (const key of Object.keys(readCatalog('en'))) if (key.startsWith('msg.')) ids.add(key);
  return [...ids];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every part and the message ids its files use. */
function scanParts(): Map<string, Set<string>> {
  const parts = new Map<string, Set<string>>();
  for (const file of sourceFiles(SOURCE_DIR)) {
    const ids = messageIdsIn(readFileSync(file, 'utf8'));
    if (ids.length === 0) continue;
    const part = partOf(file);
    const set = parts.get(part) ?? new Set<string>();
    for (const id of ids) set.add(id);
    parts.set(part, set);
  }
  return parts;
}

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }> };

/** ICU to what the browser's formatter takes: the text itself when the message is plain, else its parsed form. */
function compiled(source: string, language: string): string | Element[] {
  const ast = new IntlMessageFormat(source, language, undefined, { ignoreTag: true }).getAst() as Element[];
  if (ast.length === 0) return '';
  if (ast.length === 1 && ast[0]!.type === 0) return ast[0]!.value as string;
  return ast;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/** English, accented, with a third more length: "[Ĵöîñ ~~]". */
function pseudo(elements: Element[]): Element[] {
  return elements.map((element) => {
    if (element.type === 0) {
      const text = String(element.value);
      return { ...element, value: [...text].map((c) => ACCENTED[c] ?? c).join('') };
    }
    if (!element.options) return element;
    const options = Object.fromEntries(
      Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudo(option.value) }]),
    );
    return { ...element, options };
  });
}

function pseudoOf(source: string): Element[] {
  const ast = new IntlMessageFormat(source, 'en', undefined, { ignoreTag: true }).getAst() as Element[];
  const padding = '~'.repeat(Math.max(1, Math.ceil(source.length * 0.3)));
  return [{ type: 0, value: '[' }, ...pseudo(ast), { type: 0, value: ` ${padding}]` }];
}

function partModule(language: string, ids: Iterable<string>): string {
  const source = readCatalog(language === PSEUDO_LANGUAGE ? 'en' : language);
  const out: Record<string, string | Element[]> = {};
  for (const id of [...ids].sort()) {
    const text = source[id];
    if (text === undefined) continue;
    out[id] = language === PSEUDO_LANGUAGE ? pseudoOf(text) : compiled(text, language);
  }
  return `export default ${JSON.stringify(out)};`;
}

export function i18nCatalogs(): Plugin {
  let isBuild = false;
  let parts: Map<string, Set<string>> | null = null;
  const currentParts = () => (isBuild ? (parts ??= scanParts()) : scanParts());

  return {
    name: 'i18n-catalogs',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      if (id === CATALOGS_ID || id.startsWith(PART_PREFIX)) return RESOLVED + id;
      return null;
    },
    load(id) {
      if (id === RESOLVED + CATALOGS_ID) {
        const names = [...currentParts().keys()].sort();
        const byLanguage = WEB_LANGUAGES.map(
          (language) =>
            `${JSON.stringify(language)}: {${names
              .map(
                (part) =>
                  `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PART_PREFIX}${language}/${part}`)})`,
              )
              .join(', ')}}`,
        );
        return `export const catalogs = {${byLanguage.join(',\n')}};`;
      }
      if (id.startsWith(RESOLVED + PART_PREFIX)) {
        const [language, part] = id.slice(RESOLVED.length + PART_PREFIX.length).split('/') as [string, string];
        return partModule(language, currentParts().get(part) ?? []);
      }
      return null;
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      if (!file.startsWith(SOURCE_DIR) || !/\.tsx?$/.test(file) || file.includes('/webapp/src/i18n/')) return null;
      if (messageIdsIn(code).length === 0) return null;
      const body = isBuild ? code.replace(DROPPED_FIELD, '') : code;
      const runtime = path.join(SOURCE_DIR, 'i18n/runtime.ts');
      // Called as the module runs (not awaited: a top-level await would split the bundle into many small chunks);
      // useT() suspends a component until its part is in (webapp/src/i18n).
      return {
        code:
          `import { loadMessageParts as __loadMessageParts } from ${JSON.stringify(runtime)};\n` +
          `__loadMessageParts([${JSON.stringify(partOf(file))}]);\n${body}`,
        map: null,
      };
    },
  };
}
