// Which language a request is answered in. Pure: the API's middleware, the bot and the first screen give it what
// they know, in the order members expect: their own saved choice (the account's, else this device's), then what
// Telegram says their app is set to, then the browser's languages, then the organisation's default.
import { isLanguage, type Language } from './languages';

export interface LanguageHints {
  /** The member's saved choice (users.language). */
  saved?: string | null;
  /** The choice made on this device before signing in (the web app's picker, kept in a cookie). */
  device?: string | null;
  /** Telegram's `language_code` (Mini App initData, a bot update, the Login Widget's data when present). */
  telegram?: string | null;
  /** The `Accept-Language` header. */
  acceptLanguage?: string | null;
}

/** A language tag's language when we speak it: `de-AT` → `de`, `pt-BR` → null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first language we speak among an Accept-Language header's, by q-value (ties keep the header's order). */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const language = languageOfTag(range.tag);
    if (language) return language;
  }
  return null;
}

/** The language to answer in; `fallback` is the organisation's default language (or null: decide later). */
export function chooseLanguage<F extends Language | null>(hints: LanguageHints, fallback: F): Language | F {
  if (isLanguage(hints.saved)) return hints.saved;
  if (isLanguage(hints.device)) return hints.device;
  return languageOfTag(hints.telegram) ?? languageOfAcceptLanguage(hints.acceptLanguage) ?? fallback;
}
