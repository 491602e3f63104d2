// The web app's language: which one is active, the parts of its catalog loaded so far, and formatting a message.
// Catalog parts are small modules the build makes (webapp/i18n-catalogs.ts), one per chunk of code and language:
// every module that uses messages asks for its chunk's part as it runs, so a page renders in the member's language
// from its first paint, and the first page loads the messages it shows, in one language.
import { IntlMessageFormat } from 'intl-messageformat';
import { loadCatalogPart } from 'virtual:web-catalogs';
import type { MessageDescriptor } from '../../../shared/i18n/define';
import { isLanguage, TEXT_DIRECTION, type Language } from '../../../shared/i18n/languages';

export type { MessageDescriptor };
export type MessageValues = Readonly<Record<string, string | number | Date>>;
/** A language of the page: one of ours, or the accented pseudo-language the tests read. */
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;
type Compiled = string | ConstructorParameters<typeof IntlMessageFormat>[0];

export const PSEUDO_LANGUAGE = 'en-XA';
/** The member's own choice on this device (signed out, or before their account's answer arrives). */
export const CHOSEN_LANGUAGE_KEY = 'language';

const isPageLanguage = (value: unknown): value is PageLanguage => value === PSEUDO_LANGUAGE || isLanguage(value);

/** This device's saved choice, else the language the server wrote the page in, else English. */
function initialLanguage(): PageLanguage {
  if (typeof document === 'undefined') return 'en'; // a test in Node importing a module of the web app
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(CHOSEN_LANGUAGE_KEY);
  } catch {
    // storage blocked: the page's language decides
  }
  if (isPageLanguage(saved)) return saved;
  const written = document.documentElement.lang;
  return isPageLanguage(written) ? written : 'en';
}

let language: PageLanguage = initialLanguage();
/** Each language's messages loaded so far: the page's own, and those of a language it is switching to or from. */
const catalogs = new Map<PageLanguage, Map<string, Compiled>>();
const formats = new Map<string, IntlMessageFormat>();
const wanted = new Set<string>();
const loaded = new Map<string, Promise<void>>(); // `${language}/${part}`
const listeners = new Set<() => void>();
/** The language being switched to while its messages arrive, and the switch itself. */
let switching: { to: PageLanguage; done: Promise<void> } | null = null;
setDocumentLanguage(language);

function catalogOf(of: PageLanguage): Map<string, Compiled> {
  let catalog = catalogs.get(of);
  if (!catalog) {
    catalog = new Map();
    catalogs.set(of, catalog);
  }
  return catalog;
}

function setDocumentLanguage(next: PageLanguage) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = next;
  document.documentElement.dir = next === PSEUDO_LANGUAGE ? 'ltr' : TEXT_DIRECTION[next];
}

type Part = { default: Record<string, Compiled> };

/** A part of the build (`assets/messages/<language>/<key>.js`), or in development the language's whole catalog. */
const importPart = (language: PageLanguage, part: string) => loadCatalogPart(language, part) as Promise<Part>;

function loadPart(into: PageLanguage, part: string): Promise<void> {
  const key = `${into}/${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = importPart(into, part).then(
      (module) => {
        const catalog = catalogOf(into);
        for (const [id, message] of Object.entries(module.default)) catalog.set(id, message as Compiled);
      },
      (error: unknown) => {
        loaded.delete(key); // a failed download may be tried again
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

let pending: Promise<void> | null = null;
/** Parts asked for and not yet in, by key: a component suspends only for its own chunk's messages. */
const pendingParts = new Map<string, Promise<void>>();

/**
 * What a module that uses messages calls as it runs (added by the build): its chunk's part starts loading.
 * @public Only the code the Vite plugin (webapp/i18n-catalogs.ts) writes imports it, which knip cannot see.
 */
export function loadMessageParts(part: string): Promise<void> {
  if (wanted.has(part)) return pendingParts.get(part) ?? Promise.resolve();
  wanted.add(part);
  const own = loadPart(language, part).finally(() => pendingParts.delete(part));
  pendingParts.set(part, own);
  const loading = Promise.all([pending, own]).then(() => {
    if (pending === loading) pending = null;
  });
  pending = loading;
  // A failed download reaches whoever waits (useT's suspense, main.tsx); nobody else has to handle it.
  own.catch(() => undefined);
  loading.catch(() => undefined);
  return own;
}

/** Every part asked for and not yet in, or null when every message asked for can be shown. */
export const messagesPending = () => pending;

/** The part's load while it is on its way, else null. */
export const partPending = (part: string) => pendingParts.get(part) ?? null;

export const currentLanguage = () => language;

/**
 * The locale `Intl` formats dates, numbers and lists in: the page's language. The test pseudo-language formats as
 * Russian: every Latin letter left on its screens is then text from outside the catalogs.
 */
export const intlLocale = (): string => (language === PSEUDO_LANGUAGE ? 'ru' : language);

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Makes `next` the page's language: loads what the page has used so far in it, then switches and re-renders
 * every reader at once. Until then the page stays whole in the language it had: a render while the messages are
 * on their way (an answer arriving) shows the old words, never a message's key, and the switch is the one change
 * a reader sees, so none misses it.
 */
export function activateLanguage(next: PageLanguage): Promise<void> {
  if (switching?.to === next) return switching.done;
  if (next === language && !switching) return Promise.resolve();
  const done = loadLanguage(next).then(
    () => {
      if (switching?.done !== done) return; // a later choice won
      switching = null;
      language = next;
      formats.clear();
      setDocumentLanguage(next);
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      if (switching?.done === done) switching = null;
      throw error;
    },
  );
  switching = { to: next, done };
  return done;
}

/** Every part wanted so far in `next`, those asked for while it loads included. */
async function loadLanguage(next: PageLanguage): Promise<void> {
  let count: number;
  do {
    count = wanted.size;
    await Promise.all([...wanted].map((part) => loadPart(next, part)));
  } while (wanted.size !== count);
}

/** A message not in the page's language yet: its text in a language loaded before, English first. */
function fallbackText(id: string): Compiled | undefined {
  const english = catalogs.get('en')?.get(id);
  if (english !== undefined) return english;
  for (const catalog of catalogs.values()) {
    const found = catalog.get(id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `message` in the page's language with its values filled in. */
export function translate(message: MessageDescriptor, values?: MessageValues): string {
  const own = catalogs.get(language)?.get(message.id);
  // Not in the page's language yet (its part is on its way): the text in a language already here, else its
  // English as written (only development and tests have it: the build drops it, and its formatter has no
  // parser). A message's key is never a text for a person: with nothing to show, nothing is shown.
  const found = own ?? fallbackText(message.id);
  if (typeof found === 'string') return found;
  const source = found ?? message.defaultMessage;
  if (!source) return '';
  // A stand-in's format is kept apart, so the message's own replaces it once it arrives.
  const formatKey = own === undefined ? `fallback:${message.id}` : message.id;
  let format = formats.get(formatKey);
  if (!format) {
    try {
      format = new IntlMessageFormat(source, language === PSEUDO_LANGUAGE ? 'en' : language);
    } catch {
      // The build's formatter has no parser: a text asked for before its part arrived (the first screen's
      // requests start before the messages) is its English as written, never an exception in the caller.
      return typeof source === 'string' ? source : '';
    }
    formats.set(formatKey, format);
  }
  return String(format.format(values as Record<string, string | number | Date> | undefined));
}
