// The admin audit tab names every action in words: each of AUDIT_ACTIONS has its label in AUDIT_ACTION_WORDS
// (the tab's filter lists them all, and an entry of an unlabelled action would show its raw key) under the id
// the others follow, in all seven catalogs. A failure names the action and the id to add, so actions added on a
// branch of their own are easy to complete at the merge. The same for the names of an entry's details: each name
// the server writes (AUDIT_DETAIL_KEYS, found in its source and its SQL) has its label in AUDIT_DETAIL_WORDS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_DIR } from '../../scripts/i18n-extract';
import { AUDIT_DETAIL_KEYS } from '../../shared/audit-details';
import { AUDIT_ACTIONS } from '../../shared/constants';
import { translator } from '../../shared/i18n/all-catalogs';
import { LANGUAGES } from '../../shared/i18n/languages';
import { AUDIT_DETAIL_WORDS, detailLabel } from '../../webapp/src/features/admin/components/audit-details';
import { AUDIT_ACTION_WORDS } from '../../webapp/src/features/admin/components/audit-tab';
import { auditDetailNamesInApi, auditDetailNamesInSql } from './audit-writes';

const TAB = 'webapp/src/features/admin/components/audit-tab.tsx';
const DETAILS = 'webapp/src/features/admin/components/audit-details.tsx';
const words: Record<string, { id: string } | undefined> = AUDIT_ACTION_WORDS;
const detailWords: Record<string, { id: string } | undefined> = AUDIT_DETAIL_WORDS;
const catalogOf = (language: string) =>
  JSON.parse(readFileSync(path.join(CATALOG_DIR, `${language}.json`), 'utf8')) as Record<string, string>;

/** 'section.members_changed' → 'web.admin.audit.actionSectionMembersChanged' (the ids' pattern). */
const idFor = (action: string) =>
  `web.admin.audit.action${action
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;

describe('audit action labels', () => {
  it('When an action can be audited, then the audit tab has its label under the usual id', () => {
    const problems = AUDIT_ACTIONS.flatMap((action) => {
      const label = words[action];
      if (!label)
        return [`audit action "${action}" has no label: add it to AUDIT_ACTION_WORDS in ${TAB} as ${idFor(action)}`];
      return label.id === idFor(action)
        ? []
        : [`audit action "${action}" is labelled ${label.id}, not ${idFor(action)}`];
    });
    const stale = Object.keys(words).filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action));
    expect(problems, problems.join('\n')).toEqual([]);
    expect(stale, `labels of actions AUDIT_ACTIONS no longer has: ${stale.join(', ')}`).toEqual([]);
  });

  it('When a language is read, then every audit action has its label in it', () => {
    const missing = LANGUAGES.flatMap((language) => {
      const catalog = catalogOf(language);
      return AUDIT_ACTIONS.filter((action) => !catalog[idFor(action)]?.trim()).map(
        (action) => `audit action "${action}" has no label in ${language}.json (${idFor(action)})`,
      );
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('When an entry is about a section, registration answers, a payment or a permission slip, then each language names it in its own words', () => {
    const subject = (language: (typeof LANGUAGES)[number], type: string) =>
      translator.t(language, 'web.admin.audit.subject', { type, words: 'UNNAMED', id: 7 });
    expect(subject('de', 'section')).toBe('Gruppe #7');
    expect(subject('uk', 'section')).toBe('група #7');
    expect(subject('fr', 'registration_answers')).toBe('réponses d’inscription #7');
    expect(subject('de', 'payment')).toBe('Zahlung #7');
    // An unnamed type would show the words the tab spells out of its key (here a marker) in any language.
    for (const language of LANGUAGES)
      for (const type of ['section', 'registration_answers', 'payment', 'permission_slip'])
        expect(subject(language, type), `${language}: ${type}`).not.toContain('UNNAMED');
  });

  it('When a detail name can be recorded, then the audit tab has its label under the usual id, in every language', () => {
    const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, catalogOf(language)]));
    const problems = AUDIT_DETAIL_KEYS.flatMap((key) => {
      const id = `web.admin.audit.detail.${key}`;
      const label = detailWords[key];
      if (!label) return [`detail "${key}" has no label: add it to AUDIT_DETAIL_WORDS in ${DETAILS} as ${id}`];
      if (label.id !== id) return [`detail "${key}" is labelled ${label.id}, not ${id}`];
      return LANGUAGES.filter((language) => !catalogs[language]![id]?.trim()).map(
        (language) => `detail "${key}" has no label in ${language}.json (${id})`,
      );
    });
    const stale = Object.keys(detailWords).filter((key) => !(AUDIT_DETAIL_KEYS as readonly string[]).includes(key));
    expect(problems, problems.join('\n')).toEqual([]);
    expect(stale, `labels of details AUDIT_DETAIL_KEYS no longer has: ${stale.join(', ')}`).toEqual([]);
  });

  it(
    'When the server writes an audit entry, then every detail name it can write has a label',
    { timeout: 180_000 },
    () => {
      const known = (name: string) => {
        const [, setting] = /^(\w+)\.(?:before|after)$/.exec(name) ?? [];
        return (AUDIT_DETAIL_KEYS as readonly string[]).includes(setting ?? name);
      };
      const api = auditDetailNamesInApi();
      // The scan still sees the records: written in place, through a spread (the register's counts) and by payments.
      expect(api.records).toBeGreaterThan(40);
      expect([...api.names.keys()]).toEqual(expect.arrayContaining(['eventId', 'present', 'amount']));
      expect(api.unknowable, `details whose names cannot be read: ${api.unknowable.join(', ')}`).toEqual([]);
      const sql = auditDetailNamesInSql();
      expect([...sql.keys()]).toEqual(expect.arrayContaining(['count', 'before']));
      const unlabelled = [
        ...[...api.names].filter(([name]) => !known(name)).map(([name, files]) => `${name} (${[...files].join(', ')})`),
        ...[...sql].filter(([name]) => !known(name)).map(([name, migration]) => `${name} (${migration})`),
      ];
      expect(
        unlabelled,
        `detail names without a label: add them to AUDIT_DETAIL_KEYS (shared/audit-details.ts) and ${DETAILS}`,
      ).toEqual([]);
    },
  );

  it('When a detail is read, then its name is in the reader’s language, a setting’s change says before or after, and an unknown name is spelled out', () => {
    const t =
      (language: (typeof LANGUAGES)[number]) => (descriptor: { id: string }, values?: Record<string, unknown>) =>
        translator.t(language, descriptor.id, values as never);
    expect(detailLabel(t('de'), 'method')).toBe('Methode');
    expect(detailLabel(t('en'), 'userId')).toBe('member id');
    expect(detailLabel(t('de'), 'timeZone.before')).toBe('Zeitzone, vorher');
    expect(detailLabel(t('uk'), 'consentAge.after')).toBe('вік згоди, після');
    expect(detailLabel(t('fr'), 'someNewThing')).toBe('some new thing');
  });
});
