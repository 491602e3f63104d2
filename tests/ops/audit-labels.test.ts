// The admin audit tab names every action in words: each of AUDIT_ACTIONS has its label in AUDIT_ACTION_WORDS
// (the tab's filter lists them all, and an entry of an unlabelled action would show its raw key) under the id
// the others follow, in all seven catalogs. A failure names the action and the id to add, so actions added on a
// branch of their own are easy to complete at the merge.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_DIR } from '../../scripts/i18n-extract';
import { AUDIT_ACTIONS } from '../../shared/constants';
import { translator } from '../../shared/i18n/all-catalogs';
import { LANGUAGES } from '../../shared/i18n/languages';
import { AUDIT_ACTION_WORDS } from '../../webapp/src/features/admin/components/audit-tab';

const TAB = 'webapp/src/features/admin/components/audit-tab.tsx';
const words: Record<string, { id: string } | undefined> = AUDIT_ACTION_WORDS;

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
      const catalog = JSON.parse(readFileSync(path.join(CATALOG_DIR, `${language}.json`), 'utf8')) as Record<
        string,
        string
      >;
      return AUDIT_ACTIONS.filter((action) => !catalog[idFor(action)]?.trim()).map(
        (action) => `audit action "${action}" has no label in ${language}.json (${idFor(action)})`,
      );
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('When an entry is about a section or registration answers, then each language names it in its own words', () => {
    const subject = (language: (typeof LANGUAGES)[number], type: string) =>
      translator.t(language, 'web.admin.audit.subject', { type, words: 'UNNAMED', id: 7 });
    expect(subject('de', 'section')).toBe('Gruppe #7');
    expect(subject('uk', 'section')).toBe('група #7');
    expect(subject('fr', 'registration_answers')).toBe('réponses d’inscription #7');
    // An unnamed type would show the words the tab spells out of its key (here a marker) in any language.
    for (const language of LANGUAGES)
      for (const type of ['section', 'registration_answers'])
        expect(subject(language, type), `${language}: ${type}`).not.toContain('UNNAMED');
  });
});
