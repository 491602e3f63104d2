// A language the member chose: shown at once and remembered on this device, in storage for the web app and in a
// cookie for the pages the server writes (api/src/http/language.ts reads it after the account's own choice).
import type { Language } from '../../../shared/i18n/languages';
import { activateLanguage, CHOSEN_LANGUAGE_KEY } from './runtime';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, language);
  } catch {
    // storage blocked: the cookie and the account remember it
  }
  document.cookie = `${CHOSEN_LANGUAGE_KEY}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

export async function chooseLanguage(language: Language) {
  rememberLanguage(language);
  await activateLanguage(language);
}
