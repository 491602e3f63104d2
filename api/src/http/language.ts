// The language a request is answered in (shared/i18n/negotiate.ts decides): the member's saved choice, the
// Telegram app's language from Mini App initData, Accept-Language, then the organisation's default language.
import type { Request, RequestHandler } from 'express';
import type { Language } from '../../../shared/i18n/languages';
import { chooseLanguage } from '../../../shared/i18n/negotiate';

declare module 'express-serve-static-core' {
  interface Request {
    /**
     * Set by the language middleware when the member or their app names a language we speak; otherwise the
     * organisation's default applies (`RequestLanguages.of`).
     */
    language?: Language;
  }
}

/** The organisation's default is read at most this often per process: it changes seldom, requests are many. */
const DEFAULT_TTL_MS = 10_000;

export interface RequestLanguages {
  /** Sets req.language from what the request says; mount after authentication. Costs no query. */
  middleware: RequestHandler;
  /** The request's language, reading the organisation's default only when nothing else decides. */
  of(req: Request): Promise<Language>;
  /** The organisation's default language (cached). */
  organisationDefault(): Promise<Language>;
}

/** The language chosen on this device (the web app's picker writes the cookie; webapp/src/i18n/choose.ts). */
export const deviceLanguage = (req: Request): string | null =>
  /(?:^|;\s*)language=([A-Za-z-]{2,8})(?:;|$)/.exec(req.get('cookie') ?? '')?.[1] ?? null;

/** What the member and their app say, without the organisation's default; null when nothing we speak. */
const ownLanguage = (req: Request): Language | null =>
  chooseLanguage(
    {
      saved: req.auth?.user.language,
      device: deviceLanguage(req),
      telegram: req.auth?.telegramLanguage,
      acceptLanguage: req.get('accept-language'),
    },
    null,
  );

export function createRequestLanguages(readDefault: () => Promise<Language>, now = () => Date.now()): RequestLanguages {
  let cached: { language: Language; until: number } | null = null;
  // One read at a time: a burst of requests after the cache expires waits for the same query.
  let reading: Promise<Language> | null = null;

  function organisationDefault(): Promise<Language> {
    if (cached && cached.until > now()) return Promise.resolve(cached.language);
    reading ??= readDefault()
      .then((language) => {
        cached = { language, until: now() + DEFAULT_TTL_MS };
        return language;
      })
      // The database is away: words matter less than answering.
      .catch(() => cached?.language ?? 'en')
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    middleware: (req, _res, next) => {
      req.language = ownLanguage(req) ?? undefined;
      next();
    },
    of: async (req) => req.language ?? ownLanguage(req) ?? organisationDefault(),
    organisationDefault,
  };
}
