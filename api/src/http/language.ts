// The language a request is answered in (shared/i18n/negotiate.ts decides): the member's saved choice, the
// Telegram app's language from Mini App initData, Accept-Language, then the organisation's default language.
import type { Request, RequestHandler } from 'express';
import type { Language } from '../../../shared/i18n/languages';
import { chooseLanguage, languageOfAcceptLanguage, languageOfTag } from '../../../shared/i18n/negotiate';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the language middleware, after authentication. */
    language?: Language;
  }
}

/** The organisation's default is read at most this often per process: it changes seldom, requests are many. */
const DEFAULT_TTL_MS = 10_000;

export interface RequestLanguages {
  /** Sets req.language; mount after authentication. */
  middleware: RequestHandler;
  /** req.language, or worked out now (for errors raised before the middleware ran). */
  of(req: Request): Promise<Language>;
}

export function createRequestLanguages(readDefault: () => Promise<Language>, now = () => Date.now()): RequestLanguages {
  let cached: { language: Language; until: number } | null = null;

  async function organisationDefault(): Promise<Language> {
    if (cached && cached.until > now()) return cached.language;
    try {
      const language = await readDefault();
      cached = { language, until: now() + DEFAULT_TTL_MS };
      return language;
    } catch {
      // The database is away: words matter less than answering (the health check must still say so).
      return cached?.language ?? 'en';
    }
  }

  async function decide(req: Request): Promise<Language> {
    const hints = {
      saved: req.auth?.user.language,
      telegram: req.auth?.telegramLanguage,
      acceptLanguage: req.get('accept-language'),
    };
    // The default is read only when nothing the member or their app said decides it.
    const known = hints.saved ?? languageOfTag(hints.telegram) ?? languageOfAcceptLanguage(hints.acceptLanguage);
    return chooseLanguage(hints, known ? 'en' : await organisationDefault());
  }

  return {
    middleware: async (req, _res, next) => {
      req.language = await decide(req);
      next();
    },
    of: async (req) => req.language ?? decide(req),
  };
}
