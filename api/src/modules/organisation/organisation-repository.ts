// The organisation_settings table: the one row an admin saves (id 1), the only code that talks to it.
import type { OrganisationSettings } from '@prisma/client';
import type { AuditDb } from '../audit/audit-repository';
import type { Prisma } from '../../db/database';

export type OrganisationSettingsRow = OrganisationSettings;
/** What an admin's save writes; the consent text and its version are saved on their own. */
export type OrganisationSettingsData = Omit<
  OrganisationSettingsRow,
  'id' | 'updatedAt' | 'consentText' | 'consentTextVersion'
>;

/** Always id 1 (a CHECK keeps it so): two first saves at once cannot create two rows. */
const SETTINGS_ID = 1;

export const findOrganisationSettings = (db: AuditDb): Promise<OrganisationSettingsRow | null> =>
  db.organisationSettings.findUnique({ where: { id: SETTINGS_ID } });

export const saveOrganisationSettings = (db: AuditDb, data: OrganisationSettingsData) =>
  db.organisationSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...data }, update: data });

/** The consent text (null: the built-in one) and its version; the row exists (saved just before). */
export const saveConsentText = (db: AuditDb, consentText: string | null, consentTextVersion: number) =>
  db.organisationSettings.update({ where: { id: SETTINGS_ID }, data: { consentText, consentTextVersion } });

/** Runs `work` in one transaction with the settings row locked, so two admins' saves apply one after the other. */
export const inSettingsTransaction = <T>(prisma: Prisma, work: (tx: AuditDb) => Promise<T>): Promise<T> =>
  prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('organisation_settings'))`;
    return work(tx);
  });
