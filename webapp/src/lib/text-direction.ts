// The page's direction of text as <html dir> has it: the server writes it into the first screen and the language
// runtime (i18n/runtime.ts) sets it with the language. For the parts that are told their direction instead of
// reading it from the page (Radix sets dir="ltr" on what it draws unless told otherwise).
import { useLanguage } from '../i18n';

export type TextDirection = 'ltr' | 'rtl';

export function usePageDirection(): TextDirection {
  // The direction changes only with the language: re-rendering on the one brings the other.
  useLanguage();
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}
