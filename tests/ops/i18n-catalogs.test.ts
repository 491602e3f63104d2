// The message catalogs (shared/i18n/catalogs) are complete and correct: English is what the source says (MSG and
// every defineMessages call), every language has every English key and no other, every message is ICU that
// parses, plurals name exactly the language's categories, and translations use the English message's values.
// A failure names the keys and their English, so a merge that brought new messages is easy to complete.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOG_DIR, catalogJson, extractEnglish } from '../../scripts/i18n-extract';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import { msgCatalogKey, msgEnglishSources } from '../../shared/i18n/message-keys';
import { translator } from '../../shared/i18n/all-catalogs';
import { MSG } from '../../shared/messages';

const readCatalog = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(path.join(CATALOG_DIR, `${language}.json`), 'utf8'));

const english = readCatalog('en');

// The parser's element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const SELECT = 5;
const PLURAL = 6;

interface Element {
  type: number;
  value?: string;
  pluralType?: 'cardinal' | 'ordinal';
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** Every element of a parsed message, nested ones included. */
function* walk(elements: Element[]): Generator<Element> {
  for (const element of elements) {
    yield element;
    for (const option of Object.values(element.options ?? {})) yield* walk(option.value);
    if (element.children) yield* walk(element.children);
  }
}

const parse = (source: string, language: Language) =>
  new IntlMessageFormat(source, language, undefined, { ignoreTag: true }).getAst() as unknown as Element[];

const argumentsOf = (source: string, language: Language) =>
  [...new Set([...walk(parse(source, language))].filter((e) => ARGUMENT_TYPES.has(e.type)).map((e) => e.value))]
    .sort()
    .join(',');

describe('message catalogs', () => {
  it('When the source changed, then en.json is what `npm run i18n:extract` writes', () => {
    const extracted = extractEnglish();
    const stale = Object.keys({ ...extracted, ...english }).filter((key) => extracted[key] !== english[key]);
    expect(stale, 'en.json is out of date: run `npm run i18n:extract`').toEqual([]);
    expect(readFileSync(path.join(CATALOG_DIR, 'en.json'), 'utf8')).toBe(catalogJson(extracted));
  });

  it('When a language is read, then it has every English key (the list names any missing, with its English)', () => {
    const missing = LANGUAGES.flatMap((language) => {
      const catalog = readCatalog(language);
      return Object.keys(english)
        .filter((key) => catalog[key] === undefined)
        .map((key) => `${language} ${key}: ${english[key]}`);
    });
    expect(missing).toEqual([]);
  });

  it('When a language is read, then it has no key English does not have (nothing unused)', () => {
    const unused = LANGUAGES.flatMap((language) =>
      Object.keys(readCatalog(language))
        .filter((key) => english[key] === undefined)
        .map((key) => `${language} ${key}`),
    );
    expect(unused).toEqual([]);
  });

  it('When every message is parsed, then it is ICU MessageFormat and uses the English message’s values', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const [key, source] of Object.entries(readCatalog(language))) {
        try {
          const own = argumentsOf(source, language);
          const expected = english[key] === undefined ? own : argumentsOf(english[key], 'en');
          if (own !== expected) problems.push(`${language} ${key}: values {${own}}, English has {${expected}}`);
        } catch (error) {
          problems.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('When a message has a plural, then it names exactly its language’s plural categories', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      for (const [key, source] of Object.entries(readCatalog(language))) {
        for (const element of walk(parse(source, language))) {
          if (element.type !== PLURAL || element.pluralType === 'ordinal') continue;
          const named = Object.keys(element.options ?? {})
            .filter((option) => !option.startsWith('='))
            .sort();
          if (named.join() !== categories.join()) {
            problems.push(`${language} ${key}: has ${named.join(' ')}, needs ${categories.join(' ')}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The languages whose plurals English speakers forget: three forms, and six.
    expect(new Intl.PluralRules('ru').resolvedOptions().pluralCategories.slice().sort()).toEqual([
      'few',
      'many',
      'one',
      'other',
    ]);
    expect(new Intl.PluralRules('ar').resolvedOptions().pluralCategories.slice().sort()).toEqual([
      'few',
      'many',
      'one',
      'other',
      'two',
      'zero',
    ]);
  });

  it('When a select is used, then it has an `other` branch', () => {
    const problems = LANGUAGES.flatMap((language) =>
      Object.entries(readCatalog(language)).flatMap(([key, source]) =>
        [...walk(parse(source, language))]
          .filter((element) => element.type === SELECT && !element.options?.other)
          .map(() => `${language} ${key}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('When English is formatted, then every MSG text is the SPEC’s, character for character', () => {
    const changed = msgEnglishSources()
      .filter(([, , kind]) => kind === 'text')
      .filter(([key, text]) => translator.t('en', msgCatalogKey(key)) !== text)
      .map(([key]) => key);
    expect(changed).toEqual([]);
    const t = (key: string, values: Record<string, number>) => translator.t('en', msgCatalogKey(key), values);
    expect(t('tooManyGuests', { allowed: 0 })).toBe('This event does not allow guests');
    expect(t('tooManyGuests', { allowed: 1 })).toBe('You can bring at most 1 guests to this event');
    expect(t('tooManyGuests', { allowed: 3 })).toBe('You can bring at most 3 guests to this event');
    expect(t('notEnoughSpots', { spotsLeft: 0 })).toBe('There are no spots left for more guests');
    expect(t('notEnoughSpots', { spotsLeft: 1 })).toBe('Only 1 more spot is left for guests');
    expect(t('notEnoughSpots', { spotsLeft: 2 })).toBe('Only 2 more spots are left for guests');
    expect(t('messagesPerEventLimit', { limit: 10 })).toBe(
      'This event has had 10 messages in the last hour. Please try again later.',
    );
    expect(Object.keys(MSG).length).toBe(msgEnglishSources().length);
  });

  it('When a count is formatted in Russian and Arabic, then each number gets its own form', () => {
    const guests = (language: Language, allowed: number) => translator.t(language, 'msg.tooManyGuests', { allowed });
    expect([1, 2, 5, 21].map((n) => guests('ru', n))).toEqual([
      'На это событие можно привести не больше 1 гостя',
      'На это событие можно привести не больше 2 гостей',
      'На это событие можно привести не больше 5 гостей',
      'На это событие можно привести не больше 21 гостя',
    ]);
    expect(guests('ar', 2)).toBe('يمكنك إحضار ضيفين كحد أقصى إلى هذه الفعالية');
    expect(guests('de', 1)).toBe('Du kannst höchstens 1 Gast zu diesem Event mitbringen');
  });

  it('When the server refuses a request, then the refusal is a catalog message, never a sentence written in place', () => {
    // A literal sentence in a refusal would reach every member in English with no stable code. The one kept is
    // the Telegram pacing hold, which the outbox worker reads as "wait" and no person ever sees.
    const refusal =
      /\b(?:invalid|unauthenticated|forbidden|notFound|conflict|rateLimited|upstreamFailed|unsupported|tooLarge|gone)\(\s*['"`]/;
    const kept = new Set(['api/src/modules/notifications/telegram-sender.ts']);
    const offenders: string[] = [];
    for (const dir of ['api/src', 'bot/src', 'shared']) {
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        const relative = path.join(dir, file);
        if (!/\.tsx?$/.test(file) || kept.has(relative)) continue;
        readFileSync(relative, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (refusal.test(line)) offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
