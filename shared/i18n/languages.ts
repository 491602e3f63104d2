// The languages the product speaks, and what each needs to be shown right. English is the source language: the
// SPEC's strings are its catalog.
import { ORGANISATION_LANGUAGES, type OrganisationLanguage } from '../first-page-constants';

export const LANGUAGES = ORGANISATION_LANGUAGES;
export type Language = OrganisationLanguage;
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language named in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  uk: 'Українська',
  ar: 'العربية',
};

export const TEXT_DIRECTION: Record<Language, 'ltr' | 'rtl'> = {
  en: 'ltr',
  de: 'ltr',
  es: 'ltr',
  fr: 'ltr',
  ru: 'ltr',
  uk: 'ltr',
  ar: 'rtl',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
