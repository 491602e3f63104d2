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
let messages = new Map<string, Compiled>();
const formats = new Map<string, IntlMessageFormat>();
const wanted = new Set<string>();
const loaded = new Map<string, Promise<void>>(); // `${language}/${part}`
const listeners = new Set<() => void>();
setDocumentLanguage(language);

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
        if (into !== language) return;
        for (const [id, message] of Object.entries(module.default)) messages.set(id, message as Compiled);
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

/** What a module that uses messages calls as it runs (added by the build): its chunk's part starts loading. */
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

/** Makes `next` the page's language: loads what the page has used so far in it, then re-renders every reader. */
export async function activateLanguage(next: PageLanguage): Promise<void> {
  if (next === language) return;
  const previous = language;
  language = next;
  messages = new Map();
  try {
    for (const key of [...loaded.keys()]) if (key.startsWith(`${next}/`)) loaded.delete(key);
    await Promise.all([...wanted].map((part) => loadPart(next, part)));
  } catch (error) {
    language = previous;
    loaded.clear();
    messages = new Map();
    await Promise.all([...wanted].map((part) => loadPart(previous, part)));
    throw error;
  }
  formats.clear();
  setDocumentLanguage(next);
  for (const listener of listeners) listener();
}

/** `message` in the page's language with its values filled in. */
export function translate(message: MessageDescriptor, values?: MessageValues): string {
  const found = messages.get(message.id);
  if (typeof found === 'string') return found;
  // Not in the catalog: its English, which only development and tests have (the build drops it, and its
  // formatter has no parser), else the id.
  const source = found ?? message.defaultMessage;
  if (!source) return message.id;
  let format = formats.get(message.id);
  if (!format) {
    try {
      format = new IntlMessageFormat(source, language === PSEUDO_LANGUAGE ? 'en' : language);
    } catch {
      // The build's formatter has no parser: a text asked for before its part arrived (the first screen's
      // requests start before the messages) is its English as written, never an exception in the caller.
      return typeof source === 'string' ? source : message.id;
    }
    formats.set(message.id, format);
  }
  return String(format.format(values as Record<string, string | number | Date> | undefined));
}
