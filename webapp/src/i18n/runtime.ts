// The web app's language: which one is active, its catalog, and formatting a message in it. English needs no
// catalog (each message carries its English); any other language loads its catalog as a chunk of its own, so
// the first page carries one language only.
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageDescriptor } from '../../../shared/i18n/define';
import { SOURCE_LANGUAGE, TEXT_DIRECTION, type Language } from '../../../shared/i18n/languages';

export type { MessageDescriptor };
export type MessageValues = Readonly<Record<string, string | number | Date>>;
type Catalog = Readonly<Record<string, string>>;

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  de: () => import('../../../shared/i18n/catalogs/de.json'),
  es: () => import('../../../shared/i18n/catalogs/es.json'),
  fr: () => import('../../../shared/i18n/catalogs/fr.json'),
  ru: () => import('../../../shared/i18n/catalogs/ru.json'),
  uk: () => import('../../../shared/i18n/catalogs/uk.json'),
  ar: () => import('../../../shared/i18n/catalogs/ar.json'),
};

let language: Language = SOURCE_LANGUAGE;
let catalog: Catalog = {};
const compiled = new Map<string, IntlMessageFormat>();
const listeners = new Set<() => void>();

export const currentLanguage = () => language;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes `next` the page's language: loads its catalog, sets `<html lang dir>`, re-renders what reads it. */
export async function activateLanguage(next: Language): Promise<void> {
  const loaded = next === 'en' ? {} : (await CATALOGS[next]()).default;
  language = next;
  catalog = loaded;
  compiled.clear();
  document.documentElement.lang = next;
  document.documentElement.dir = TEXT_DIRECTION[next];
  for (const listener of listeners) listener();
}

function formatOf(message: MessageDescriptor): IntlMessageFormat {
  let format = compiled.get(message.id);
  if (!format) {
    format = new IntlMessageFormat(catalog[message.id] ?? message.defaultMessage, language);
    compiled.set(message.id, format);
  }
  return format;
}

/** `message` in the page's language with its values filled in. */
export function translate(message: MessageDescriptor, values?: MessageValues): string {
  return String(formatOf(message).format(values as Record<string, string | number | Date> | undefined));
}
