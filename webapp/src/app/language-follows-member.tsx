// The page speaks what the member chose: the account's saved language once it is known, else this device's
// choice, else inside Telegram the Telegram app's language; otherwise the language the server wrote the page in
// (the browser's languages, then the organisation's) stays.
import { useEffect } from 'react';
import { languageOfTag } from '../../../shared/i18n/negotiate';
import { activateLanguage, CHOSEN_LANGUAGE_KEY, currentLanguage } from '../i18n';
import { rememberLanguage } from '../i18n/choose';
import { useCurrentUser } from '../lib/auth';
import { telegramLanguageCode } from '../lib/telegram-mini-app';

function deviceChoice(): string | null {
  try {
    return localStorage.getItem(CHOSEN_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function LanguageFollowsMember() {
  const { data: user } = useCurrentUser();
  const saved = user?.language ?? null;
  useEffect(() => {
    let next = saved;
    if (next) rememberLanguage(next);
    else if (!deviceChoice()) next = languageOfTag(telegramLanguageCode());
    if (next && next !== currentLanguage()) void activateLanguage(next);
  }, [saved]);
  return null;
}
