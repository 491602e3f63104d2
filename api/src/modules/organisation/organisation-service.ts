// Use cases of the organisation's settings: how people become members, the age of consent, whether a birth date
// is asked for, and the default language. The environment's values stand until an admin saves their own.
import type { MembershipMode, OrganisationLanguage } from '../../../../shared/constants';
import type { OrganisationSettingsInput } from '../../../../shared/schemas';
import type { OrganisationSettingsView } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import {
  findOrganisationSettings,
  inSettingsTransaction,
  saveOrganisationSettings,
  type OrganisationSettingsRow,
} from './organisation-repository';

const SETTING_KEYS = ['membershipMode', 'consentAge', 'requireBirthDate', 'defaultLanguage'] as const;

function toView(row: OrganisationSettingsRow | null, deps: Pick<AppDeps, 'config'>): OrganisationSettingsView {
  if (!row) return { ...deps.config.organisationDefaults };
  return {
    // The table's CHECK keeps the mode one of the three; the language was validated when saved.
    membershipMode: row.membershipMode as MembershipMode,
    consentAge: row.consentAge,
    requireBirthDate: row.requireBirthDate,
    defaultLanguage: row.defaultLanguage as OrganisationLanguage,
  };
}

/** The settings in force (read inside `db`'s transaction when given one). */
export async function readOrganisationSettings(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  db: AuditDb = deps.prisma,
): Promise<OrganisationSettingsView> {
  return toView(await findOrganisationSettings(db), deps);
}

export function createOrganisationService(deps: AppDeps) {
  /** Saves the changed settings and records which ones changed (with before and after) in the audit log. */
  async function update(actorId: number, input: OrganisationSettingsInput): Promise<OrganisationSettingsView> {
    return inSettingsTransaction(deps.prisma, async (tx) => {
      const before = await readOrganisationSettings(deps, tx);
      const after: OrganisationSettingsView = { ...before, ...input };
      const changed = SETTING_KEYS.filter((key) => before[key] !== after[key]);
      if (!changed.length) return before;
      await saveOrganisationSettings(tx, after);
      const details: Record<string, string | number | boolean> = { scope: 'organisation', keys: changed.join(',') };
      for (const key of changed) {
        details[`${key}.before`] = before[key];
        details[`${key}.after`] = after[key];
      }
      await recordAudit(tx, { actorId, action: 'settings.changed', subject: { type: 'organisation', id: 1 }, details });
      return after;
    });
  }

  return { get: () => readOrganisationSettings(deps), update };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
