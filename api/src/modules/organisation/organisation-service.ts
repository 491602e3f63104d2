// Use cases of the organisation's settings: how people become members, the age of consent, whether a birth date
// is asked for, and the default language. The environment's values stand until an admin saves their own.
import type { ConsentVerification, MembershipMode, OrganisationLanguage } from '../../../../shared/constants';
import type { OrganisationSettingsInput } from '../../../../shared/schemas';
import type { OrganisationSettingsView } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import { DEFAULT_CONSENT_TEXT, defaultConsentText } from './consent-text';
import {
  findOrganisationSettings,
  inSettingsTransaction,
  saveConsentText,
  saveOrganisationSettings,
  type OrganisationSettingsRow,
} from './organisation-repository';

const SETTING_KEYS = [
  'membershipMode',
  'consentAge',
  'requireBirthDate',
  'defaultLanguage',
  'consentVerification',
  'linkPreviews',
] as const;

function toView(row: OrganisationSettingsRow | null, deps: Pick<AppDeps, 'config'>): OrganisationSettingsView {
  if (!row) return { ...deps.config.organisationDefaults, consentText: DEFAULT_CONSENT_TEXT, consentTextVersion: 0 };
  return {
    // The table's CHECK keeps the mode one of the three; the language was validated when saved.
    membershipMode: row.membershipMode as MembershipMode,
    consentAge: row.consentAge,
    requireBirthDate: row.requireBirthDate,
    defaultLanguage: row.defaultLanguage as OrganisationLanguage,
    // The table's CHECK keeps it one of the two.
    consentVerification: row.consentVerification as ConsentVerification,
    linkPreviews: row.linkPreviews,
    consentText: row.consentText ?? DEFAULT_CONSENT_TEXT,
    consentTextVersion: row.consentTextVersion,
  };
}

/** The settings in force (read inside `db`'s transaction when given one). */
export async function readOrganisationSettings(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  db: AuditDb = deps.prisma,
): Promise<OrganisationSettingsView> {
  return toView(await findOrganisationSettings(db), deps);
}

/** The consent text a guardian reads: the organisation's own as written, else the shipped one in `language`. */
export async function readConsentText(
  deps: Pick<AppDeps, 'prisma'>,
  language: OrganisationLanguage,
): Promise<{ text: string; version: number }> {
  const row = await findOrganisationSettings(deps.prisma);
  return { text: row?.consentText ?? defaultConsentText(language), version: row?.consentTextVersion ?? 0 };
}

/** The organisation's language (read inside `db`'s transaction): what a member who chose none is written in. */
export async function readDefaultLanguage(
  config: Pick<AppDeps['config'], 'organisationDefaults'>,
  db: AuditDb,
): Promise<OrganisationLanguage> {
  const row = await findOrganisationSettings(db);
  return row ? (row.defaultLanguage as OrganisationLanguage) : config.organisationDefaults.defaultLanguage;
}

export function createOrganisationService(deps: AppDeps) {
  /**
   * Saves the changed settings and records which ones changed (with before and after) in the audit log. A new
   * consent text (null or blank: the built-in one again) raises its version; the log names the versions, not
   * the text, which the settings keep.
   */
  async function update(actorId: number, input: OrganisationSettingsInput): Promise<OrganisationSettingsView> {
    return inSettingsTransaction(deps.prisma, async (tx) => {
      const row = await findOrganisationSettings(tx);
      const before = toView(row, deps);
      const { consentText, ...settings } = input;
      const after: OrganisationSettingsView = { ...before, ...settings };
      const changed: string[] = SETTING_KEYS.filter((key) => before[key] !== after[key]);
      const textChanged = consentText !== undefined && consentText !== (row?.consentText ?? null);
      if (!changed.length && !textChanged) return before;
      const { consentText: _text, consentTextVersion: _version, ...saved } = after;
      await saveOrganisationSettings(tx, saved);
      const details: Record<string, string | number | boolean> = {};
      for (const key of SETTING_KEYS.filter((name) => changed.includes(name))) {
        details[`${key}.before`] = before[key];
        details[`${key}.after`] = after[key];
      }
      if (textChanged) {
        after.consentText = consentText ?? DEFAULT_CONSENT_TEXT;
        after.consentTextVersion = before.consentTextVersion + 1;
        await saveConsentText(tx, consentText ?? null, after.consentTextVersion);
        changed.push('consentText');
        details['consentTextVersion.before'] = before.consentTextVersion;
        details['consentTextVersion.after'] = after.consentTextVersion;
      }
      await recordAudit(tx, {
        actorId,
        action: 'settings.changed',
        subject: { type: 'organisation', id: 1 },
        details: { scope: 'organisation', keys: changed.join(','), ...details },
      });
      return after;
    });
  }

  return { get: () => readOrganisationSettings(deps), update };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
