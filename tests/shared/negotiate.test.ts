// The order in which a language is chosen, as a pure function: saved, Telegram, Accept-Language, default.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageOfAcceptLanguage, languageOfTag } from '../../shared/i18n/negotiate';

describe('language negotiation', () => {
  it('When everything is known, then the saved choice wins, then Telegram, then the browser, then the default', () => {
    const all = { saved: 'uk', telegram: 'de', acceptLanguage: 'fr' };
    expect(chooseLanguage(all, 'es')).toBe('uk');
    expect(chooseLanguage({ ...all, saved: null }, 'es')).toBe('de');
    expect(chooseLanguage({ ...all, saved: null, telegram: undefined }, 'es')).toBe('fr');
    expect(chooseLanguage({}, 'es')).toBe('es');
  });

  it('When a hint is a language we do not speak, then the next one decides', () => {
    expect(chooseLanguage({ saved: 'it', telegram: 'pt-br', acceptLanguage: 'pl, ru;q=0.3' }, 'en')).toBe('ru');
    expect(chooseLanguage({ telegram: 'pt-br', acceptLanguage: 'pt-BR' }, 'ar')).toBe('ar');
  });

  it('When a tag is regional, then it matches its language', () => {
    expect(['de-AT', 'de_CH', 'ES-mx', 'fr-CA', 'ru-RU', 'uk-UA', 'ar-EG', 'en-GB'].map(languageOfTag)).toEqual([
      'de',
      'de',
      'es',
      'fr',
      'ru',
      'uk',
      'ar',
      'en',
    ]);
    expect(languageOfTag('pt-BR')).toBeNull();
    expect(languageOfTag('')).toBeNull();
  });

  it('When Accept-Language has q-values, then the highest we speak wins and q=0 never does', () => {
    expect(languageOfAcceptLanguage('it;q=1, fr;q=0.4, de;q=0.7')).toBe('de');
    expect(languageOfAcceptLanguage('ru;q=0, uk;q=0.1')).toBe('uk');
    expect(languageOfAcceptLanguage('es, fr')).toBe('es');
    expect(languageOfAcceptLanguage('*')).toBeNull();
    expect(languageOfAcceptLanguage('de;q=garbage')).toBe('de');
    expect(languageOfAcceptLanguage(null)).toBeNull();
  });
});
