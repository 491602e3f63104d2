// The web app's message catalogs, built from shared/i18n/catalogs: for each chunk of the bundle and each language,
// one small module holding the messages that chunk's code uses, already parsed (the browser needs no ICU parser).
//
// - Each source module that uses messages asks for its chunk's messages as it runs (`loadMessageParts(key)`);
//   the build writes the chunk's key in (renderChunk) and the messages to `assets/messages/<language>/<key>.js`
//   (generateBundle). A component's useT() suspends until what was asked for is in, and main.tsx waits before the
//   first render: a page paints in the member's language, and the first page loads exactly its own messages.
// - The key is a hash of the chunk's messages in every language: a file never changes under its name, and a
//   chunk whose messages change gets a new key, so a new name of its own.
// - In the build each message's English (`defaultMessage`) and translators' note are dropped from the code:
//   English is a catalog like the others, so the text is sent once, in the language the member reads.
// - `vite dev` and tests in Node load each language's whole catalog instead (`virtual:web-catalogs`).
// - `en-XA` is a pseudo-language for tests: English accented and a third longer, so a string that did not come
//   from a catalog stands out on screen.
// - `.vite/message-parts.json` names each chunk's key, for the server to name the first screen's messages.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIR = path.join(ROOT, 'webapp/src');
/** Shared code the web app bundles and the server runs too (shared/calendar.ts says its texts in both). */
const SHARED_DIR = path.join(ROOT, 'shared');
const CATALOG_DIR = path.join(ROOT, 'shared/i18n/catalogs');
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ru', 'uk', 'ar'] as const;
export const PSEUDO_LANGUAGE = 'en-XA';
const WEB_LANGUAGES = [...LANGUAGES, PSEUDO_LANGUAGE];

const CATALOGS_ID = 'virtual:web-catalogs';
const WHOLE_PREFIX = 'virtual:web-catalog/';
const RESOLVED = '\0';
/** Stands for the chunk's key in the code until the chunk is known. */
const KEY_PLACEHOLDER = '__MESSAGE_PART_KEY__';
export const PARTS_DIR = 'assets/messages';
export const PARTS_MANIFEST = '.vite/message-parts.json';
const NO_PARSER = '?no-parser';
/** A component's useT() waits for its own chunk's part only (the build writes the key in). */
const USE_T_CALL = /\buseT\(\s*\)/g;

// `id: 'web.x.y'` inside defineMessages (and `calendar.x` of shared/calendar.ts and shared/event-texts.ts, which
// the server says too), and msg('key') for the API's own texts (shared/messages.ts).
const MESSAGE_ID = /\bid:\s*'((?:web|msg|calendar)\.[A-Za-z0-9_.-]+)'/g;
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
  // A third more, in short words as a longer language would have them (one long run could never wrap).
  const padding = ' ~~'.repeat(Math.max(1, Math.ceil((source.length * 0.3) / 3)));
  return [{ type: 0, value: '[' }, ...pseudo(ast), { type: 0, value: `${padding}]` }];
}

function partModule(language: string, ids: Iterable<string>): string {
  const source = catalog(language === PSEUDO_LANGUAGE ? 'en' : language);
  const out: Record<string, string | Element[]> = {};
  for (const id of [...ids].sort()) {
    const text = source[id];
    if (text === undefined) continue;
    out[id] = language === PSEUDO_LANGUAGE ? pseudoOf(text) : compiled(text, language);
  }
  return `export default ${JSON.stringify(out)};`;
}

const catalogs = new Map<string, Record<string, string>>();
function catalog(language: string): Record<string, string> {
  let found = catalogs.get(language);
  if (!found) catalogs.set(language, (found = readCatalog(language)));
  return found;
}

/** A chunk's key: its messages in every language, hashed. */
function keyOf(ids: string[]): string {
  const hash = createHash('sha256');
  for (const id of ids) for (const language of LANGUAGES) hash.update(`${id}\0${catalog(language)[id] ?? ''}\0`);
  return hash.digest('base64url').slice(0, 12);
}

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** The chunks and every chunk they import statically, by file name. */
function staticClosure(from: ChunkInfo[], chunks: Record<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !chunks[name]) return;
    seen.add(name);
    for (const imported of chunks[name]!.imports) visit(imported);
  };
  for (const chunk of from) visit(chunk.fileName);
  return seen;
}

export function i18nCatalogs(): Plugin {
  let isBuild = false;
  let base = '/';
  /** Source module → the message ids it uses. */
  const idsOf = new Map<string, string[]>();
  /** Chunk file name → its key and ids (renderChunk), for generateBundle. */
  const chunkParts = new Map<string, { key: string; ids: string[] }>();

  return {
    name: 'i18n-catalogs',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
      base = config.base;
    },
    buildStart() {
      catalogs.clear();
      idsOf.clear();
      chunkParts.clear();
    },
    async resolveId(id, importer) {
      if (id === CATALOGS_ID || id.startsWith(WHOLE_PREFIX)) return RESOLVED + id;
      // In the build the web app's formatter gets every message parsed already: its copy of intl-messageformat goes
      // without the ICU parser (a third of its size, on the first page). Shared code that formats English ICU itself (the
      // validation messages of shared/schemas/, in the forms' chunks) keeps the whole library.
      if (isBuild && id === 'intl-messageformat' && importer?.startsWith(path.join(SOURCE_DIR, 'i18n'))) {
        const resolved = await this.resolve(id, importer, { skipSelf: true });
        return resolved ? `${resolved.id}${NO_PARSER}` : null;
      }
      if (id === '@formatjs/icu-messageformat-parser' && importer?.endsWith(NO_PARSER)) {
        return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
      }
      return null;
    },
    load(id) {
      if (id === RESOLVED + CATALOGS_ID) {
        if (isBuild) {
          return (
            `export const loadCatalogPart = (language, part) => ` +
            `import(/* @vite-ignore */ \`${base}${PARTS_DIR}/\${language}/\${part}.js\`);`
          );
        }
        const loaders = WEB_LANGUAGES.map(
          (language) => `${JSON.stringify(language)}: () => import(${JSON.stringify(WHOLE_PREFIX + language)})`,
        );
        return `const whole = {${loaders.join(', ')}};\nexport const loadCatalogPart = (language) => whole[language]();`;
      }
      if (id.startsWith(RESOLVED + WHOLE_PREFIX)) {
        catalogs.clear(); // development: a catalog edited since is read again
        const language = id.slice(RESOLVED.length + WHOLE_PREFIX.length);
        return partModule(language, Object.keys(catalog('en')));
      }
      return null;
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      // Shared modules only in the build: in development and in tests every catalog loads whole, and a server
      // that imports shared/calendar.ts under vitest must not start loading the web app's catalogs.
      const shared =
        isBuild && file.startsWith(SHARED_DIR + path.sep) && !file.startsWith(path.join(SHARED_DIR, 'i18n'));
      if (!(shared || file.startsWith(SOURCE_DIR)) || !/\.tsx?$/.test(file) || file.includes('/webapp/src/i18n/'))
        return null;
      const ids = messageIdsIn(code);
      if (ids.length === 0) return null;
      idsOf.set(file, ids);
      const runtime = path.join(SOURCE_DIR, 'i18n/runtime.ts');
      // Called as the module runs, not awaited: a top-level await in every such module would split the bundle into
      // many small chunks. In development the argument is unused: the whole catalog loads.
      return {
        code:
          `import { loadMessageParts as __loadMessageParts } from ${JSON.stringify(runtime)};\n` +
          `__loadMessageParts(${JSON.stringify(isBuild ? KEY_PLACEHOLDER : 'all')});\n` +
          (isBuild
            ? code.replace(DROPPED_FIELD, '').replace(USE_T_CALL, `useT(${JSON.stringify(KEY_PLACEHOLDER)})`)
            : code),
        map: null,
      };
    },
    renderChunk(code, chunk, _options, meta) {
      if (!code.includes(KEY_PLACEHOLDER)) return null;
      // The main script and the chunks it imports always load together: one part serves them all (fewer, better
      // compressed files on the first page). Any other chunk has a part of its own.
      const entryGroup = staticClosure(
        Object.values(meta.chunks).filter((other) => other.isEntry),
        meta.chunks,
      );
      const group = entryGroup.has(chunk.fileName) ? [...entryGroup].map((name) => meta.chunks[name]!) : [chunk];
      const ids = [
        ...new Set(
          group.flatMap((member) => member.moduleIds.flatMap((id) => idsOf.get(id.replace(/\?.*$/, '')) ?? [])),
        ),
      ].sort();
      const key = keyOf(ids);
      chunkParts.set(chunk.fileName, { key, ids });
      return { code: code.split(KEY_PLACEHOLDER).join(key), map: null };
    },
    generateBundle(_options, bundle) {
      const manifest: Record<string, string> = {};
      const written = new Set<string>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        // renderChunk saw the name before its hash was settled: find the chunk by its code's key.
        const part = [...chunkParts.values()].find(({ key }) => output.code.includes(key));
        if (!part) continue;
        manifest[fileName] = part.key;
        if (written.has(part.key)) continue;
        written.add(part.key);
        for (const language of WEB_LANGUAGES) {
          this.emitFile({
            type: 'asset',
            fileName: `${PARTS_DIR}/${language}/${part.key}.js`,
            source: partModule(language, part.ids),
          });
        }
      }
      this.emitFile({ type: 'asset', fileName: PARTS_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}
