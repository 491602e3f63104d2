// The bot speaks the member's language: their saved choice once they have an account, else the language of
// their Telegram app (the update's language_code), else the organisation's default.
import type { Context, MiddlewareFn } from 'grammy';
import { translator } from '../../shared/i18n/all-catalogs';
import type { MessageDescriptor } from '../../shared/i18n/define';
import type { Language } from '../../shared/i18n/languages';
import { chooseLanguage } from '../../shared/i18n/negotiate';
import type { MessageValues } from '../../shared/i18n/translate';
import type { BotDeps } from './bot-deps';

export interface LanguageFlavor {
  /** The language this update is answered in. */
  lang: Language;
}

export type BotContext = Context & LanguageFlavor;

/** A bot message in `language`. */
export const botText = (language: Language, message: MessageDescriptor, values?: MessageValues) =>
  translator.t(language, message.id, values);

/** Sets ctx.lang for every update; first in the chain, so every feature and the error boundary see it. */
export function chooseUpdateLanguage(deps: Pick<BotDeps, 'languageHints'>): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    const hints = await deps.languageHints(from?.id ?? null);
    ctx.lang = chooseLanguage({ saved: hints.saved, telegram: from?.language_code }, hints.organisation);
    await next();
  };
}
