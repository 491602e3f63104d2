// Formats catalog messages (ICU MessageFormat: plurals, selects, numbers, dates) in a language. The server and
// the bot hold every catalog (all-catalogs.ts); the web app will load only its language's.
import { IntlMessageFormat } from 'intl-messageformat';
import { SOURCE_LANGUAGE, type Language } from './languages';

export type Catalog = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number | Date>>;

export interface Translator {
  /** The message `key` in `language`; English when that language lacks it (the catalog check fails first). */
  t(language: Language, key: string, values?: MessageValues): string;
  has(key: string): boolean;
}

/** Parses ICU as we write it: `<` is text (bot HTML is escaped by its callers), never a tag. */
export function compileMessage(source: string, language: Language): IntlMessageFormat {
  return new IntlMessageFormat(source, language, undefined, { ignoreTag: true });
}

export function createTranslator(catalogs: Partial<Record<Language, Catalog>>): Translator {
  const compiled = new Map<string, IntlMessageFormat>();

  function formatOf(language: Language, key: string): IntlMessageFormat | null {
    const own = catalogs[language]?.[key];
    const found =
      own !== undefined ? language : catalogs[SOURCE_LANGUAGE]?.[key] !== undefined ? SOURCE_LANGUAGE : null;
    if (!found) return null;
    const cacheKey = `${found}\u0000${key}`;
    let format = compiled.get(cacheKey);
    if (!format) {
      format = compileMessage(catalogs[found]![key]!, found);
      compiled.set(cacheKey, format);
    }
    return format;
  }

  return {
    t(language, key, values) {
      const format = formatOf(language, key);
      if (!format) return key;
      return String(format.format(values as Record<string, string | number | Date> | undefined));
    },
    has: (key) => catalogs[SOURCE_LANGUAGE]?.[key] !== undefined,
  };
}

/** MSG's text as ICU: braces quoted, an apostrophe before one doubled; everything else stays as written. */
export function icuOfPlainText(text: string): string {
  return text.replace(/'(?=[{}'])/g, "''").replace(/[{}]/g, (brace) => `'${brace}'`);
}
