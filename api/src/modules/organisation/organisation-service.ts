// Use cases of the organisation's settings: how people become members, the age of consent, whether a birth date
// is asked for, the default language and the time zone. The environment's values stand until an admin saves
// their own.
import type { AuditDetails } from '../../../../shared/audit-details';
import type { ConsentVerification, MembershipMode, OrganisationLanguage } from '../../../../shared/constants';
import type { OrganisationSettingsInput } from '../../../../shared/schemas/membership';
import type { LeaderCheckKind } from '../../../../shared/schemas/leader-checks';
import type { OrganisationSettingsWithLeaders as OrganisationSettingsView } from '../../../../shared/types/leader-checks';
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
  'timeZone',
  'requiredLeaderChecks',
  'minLeadersPerEvent',
  'youthPerLeader',
  'currency',
  'refundUntilHours',
] as const;

/** The leader rules before an admin saves any (the columns' defaults say the same). */
const LEADER_DEFAULTS = {
  requiredLeaderChecks: ['background_check', 'safeguarding_training'] as LeaderCheckKind[],
  minLeadersPerEvent: 2,
  youthPerLeader: 8,
};

/** The payment rules before an admin saves any (the column's default says the same). */
const PAYMENT_DEFAULTS = { refundUntilHours: 48 };

/** A setting as the audit log and the change check see it (a list as its comma-separated items). */
const settingValue = (value: string | number | boolean | string[]) => (Array.isArray(value) ? value.join(',') : value);

/** The time zone is read for nearly every date the product writes: kept this long per process, like the language. */
const TIME_ZONE_TTL_MS = 10_000;
/** Per database (tests run several apps in one process); a save in this process replaces it at once. */
const timeZones = new WeakMap<object, { zone: string; until: number }>();

function toView(row: OrganisationSettingsRow | null, deps: Pick<AppDeps, 'config'>): OrganisationSettingsView {
  if (!row) {
    return {
      ...deps.config.organisationDefaults,
      timeZone: deps.config.notificationsTimeZone,
      ...LEADER_DEFAULTS,
      currency: deps.config.currency,
      refundUntilHours: PAYMENT_DEFAULTS.refundUntilHours,
      consentText: DEFAULT_CONSENT_TEXT,
      consentTextVersion: 0,
      configured: false,
    };
  }
  return {
    // The table's CHECK keeps the mode one of the three; the language was validated when saved.
    membershipMode: row.membershipMode as MembershipMode,
    consentAge: row.consentAge,
    requireBirthDate: row.requireBirthDate,
    defaultLanguage: row.defaultLanguage as OrganisationLanguage,
    // The table's CHECK keeps it one of the two.
    consentVerification: row.consentVerification as ConsentVerification,
    linkPreviews: row.linkPreviews,
    timeZone: row.timeZone ?? deps.config.notificationsTimeZone,
    // Written only through the request schema, which takes the three kinds alone.
    requiredLeaderChecks: row.requiredLeaderChecks as LeaderCheckKind[],
    minLeadersPerEvent: row.minLeadersPerEvent,
    youthPerLeader: row.youthPerLeader,
    currency: row.currency ?? deps.config.currency,
    refundUntilHours: row.refundUntilHours,
    consentText: row.consentText ?? DEFAULT_CONSENT_TEXT,
    consentTextVersion: row.consentTextVersion,
    configured: true,
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

/**
 * The organisation's time zone: what events without their own are held in and what notices, calendars and
 * "today" (ages) are told in. Cached briefly, since most answers that carry a date ask for it.
 */
export async function organisationTimeZone(deps: Pick<AppDeps, 'config' | 'prisma'>): Promise<string> {
  const cached = timeZones.get(deps.prisma);
  if (cached && cached.until > Date.now()) return cached.zone;
  const row = await findOrganisationSettings(deps.prisma);
  const zone = row?.timeZone ?? deps.config.notificationsTimeZone;
  timeZones.set(deps.prisma, { zone, until: Date.now() + TIME_ZONE_TTL_MS });
  return zone;
}

/**
 * The zone last read by organisationTimeZone (however old), else the environment's: for checks that must stay
 * synchronous and where a zone changed seconds ago moves nothing but the edge of one day.
 */
export function lastKnownTimeZone(deps: Pick<AppDeps, 'config' | 'prisma'>): string {
  return timeZones.get(deps.prisma)?.zone ?? deps.config.notificationsTimeZone;
}

/** The organisation's time zone read inside `db`'s transaction (uncached), for an event that names none. */
export async function readTimeZone(
  config: Pick<AppDeps['config'], 'notificationsTimeZone'>,
  db: AuditDb,
): Promise<string> {
  return (await findOrganisationSettings(db))?.timeZone ?? config.notificationsTimeZone;
}

export function createOrganisationService(deps: AppDeps) {
  /**
   * Saves the changed settings and records which ones changed (with before and after) in the audit log. A new
   * consent text (null or blank: the built-in one again) raises its version; the log names the versions, not
   * the text, which the settings keep.
   */
  async function update(actorId: number, input: OrganisationSettingsInput): Promise<OrganisationSettingsView> {
    const saved = await inSettingsTransaction(deps.prisma, async (tx) => {
      const row = await findOrganisationSettings(tx);
      const before = toView(row, deps);
      const { consentText, ...settings } = input;
      const after: OrganisationSettingsView = { ...before, ...settings };
      const changed: string[] = SETTING_KEYS.filter((key) => settingValue(before[key]) !== settingValue(after[key]));
      const textChanged = consentText !== undefined && consentText !== (row?.consentText ?? null);
      // Saving nothing new still marks the settings configured: the first-run setup's answer may equal the
      // environment's values.
      if (!changed.length && !textChanged && row) return before;
      const { consentText: _text, consentTextVersion: _version, configured: _configured, ...values } = after;
      await saveOrganisationSettings(tx, values);
      after.configured = true;
      const details: AuditDetails = {};
      for (const key of SETTING_KEYS.filter((name) => changed.includes(name))) {
        details[`${key}.before` as const] = settingValue(before[key]);
        details[`${key}.after` as const] = settingValue(after[key]);
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
        // The first save is recorded even when it keeps every value: from then on the settings are the admin's.
        details: { scope: 'organisation', keys: changed.join(','), ...(row ? {} : { firstSave: true }), ...details },
      });
      return after;
    });
    // This process answers in the new zone at once (others within TIME_ZONE_TTL_MS).
    timeZones.set(deps.prisma, { zone: saved.timeZone, until: Date.now() + TIME_ZONE_TTL_MS });
    return saved;
  }

  return { get: () => readOrganisationSettings(deps), update };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
