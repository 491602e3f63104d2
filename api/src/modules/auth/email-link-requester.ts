// The account that asked to add an email address, as the confirmation email (in its reader's language) and the
// confirmation page name it.
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';

/** One way the account signs in; a Telegram account by its username when it has one. */
export type SignInWay = { kind: 'telegram'; username: string | null } | { kind: 'google' } | { kind: 'demo' };

export interface EmailLinkRequester {
  name: string;
  /** How that account signs in; `describeWays` says it in the reader's language. */
  ways: SignInWay[];
}

const WAYS = defineMessages({
  telegram: { id: 'email.signInWay.telegram', defaultMessage: 'Telegram account' },
  telegramNamed: { id: 'email.signInWay.telegramNamed', defaultMessage: 'Telegram account @{username}' },
  google: { id: 'email.signInWay.google', defaultMessage: 'Google account' },
  demo: { id: 'email.signInWay.demo', defaultMessage: 'demo account' },
  none: { id: 'email.signInWay.none', defaultMessage: 'an account without a sign-in' },
});

/** "Telegram account @name, Google account" in `language`. */
export function describeWays(ways: SignInWay[], language: Language = SOURCE_LANGUAGE): string {
  if (!ways.length) return translator.t(language, WAYS.none.id);
  const words = ways.map((way) =>
    way.kind === 'telegram'
      ? way.username
        ? translator.t(language, WAYS.telegramNamed.id, { username: way.username })
        : translator.t(language, WAYS.telegram.id)
      : translator.t(language, WAYS[way.kind].id),
  );
  // A list of labels, not a sentence: "a, b" in English.
  return new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(words);
}
