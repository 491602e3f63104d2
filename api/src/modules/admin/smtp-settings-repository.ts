// The smtp_settings table: a single row, the only code that talks to Prisma about it.
import type { Prisma as PrismaTypes, SmtpSettings } from '@prisma/client';
import type { Prisma } from '../../db/database';

export type SmtpSettingsRow = SmtpSettings;

/** The one settings row; it always has id 1, so two first saves at once cannot create two rows. */
const SETTINGS_ID = 1;

export type SmtpSettingsData = Omit<SmtpSettingsRow, 'id' | 'updatedAt'>;

export const findSmtpSettings = (prisma: Prisma | PrismaTypes.TransactionClient): Promise<SmtpSettingsRow | null> =>
  prisma.smtpSettings.findFirst({ orderBy: { id: 'asc' } });

export async function saveSmtpSettings(
  prisma: Prisma | PrismaTypes.TransactionClient,
  data: SmtpSettingsData,
): Promise<SmtpSettingsRow> {
  const existing = await findSmtpSettings(prisma);
  const id = existing?.id ?? SETTINGS_ID;
  return prisma.smtpSettings.upsert({ where: { id }, create: { id, ...data }, update: data });
}
