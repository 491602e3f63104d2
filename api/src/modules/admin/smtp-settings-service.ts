// Use cases of the outgoing email settings. The password is write-only: encrypted at rest, never returned.
import type { z } from 'zod';
import { MSG } from '../../../../shared/messages';
import type { smtpSettingsSchema } from '../../../../shared/schemas/admin';
import type { SmtpSettingsView } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { invalid } from '../../../../shared/errors';
import { findSmtpSettings, saveSmtpSettings, type SmtpSettingsRow } from './smtp-settings-repository';
import { recordAudit } from '../audit/audit-repository';

export type SmtpSettingsFields = z.output<typeof smtpSettingsSchema>;

/** What the mailer needs, with the password decrypted. Only for delivery; never sent to a client. */
export interface SmtpDeliverySettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  fromEmail: string;
  fromName: string;
  enabled: boolean;
}

const toView = (row: SmtpSettingsRow): SmtpSettingsView => ({
  id: row.id,
  host: row.host,
  port: row.port,
  secure: row.secure,
  auth_user: row.authUser,
  from_email: row.fromEmail,
  from_name: row.fromName,
  enabled: row.enabled,
  has_password: row.authPassEncrypted.length > 0,
});

export async function getSmtpSettings(deps: AppDeps): Promise<SmtpSettingsView | null> {
  const row = await findSmtpSettings(deps.prisma);
  return row ? toView(row) : null;
}

/**
 * Creates or updates the single settings row. An empty password keeps the stored one, so the form can be
 * saved without retyping a secret it never gets to see.
 */
export async function saveSmtp(deps: AppDeps, actorId: number, input: SmtpSettingsFields): Promise<SmtpSettingsView> {
  const existing = await findSmtpSettings(deps.prisma);
  const newPassword = input.auth_pass && input.auth_pass.trim() !== '' ? input.auth_pass : null;
  const storedPassword = existing?.authPassEncrypted || null;
  if (!newPassword && !storedPassword) throw invalid(MSG.smtpPassRequired);
  const row = await deps.prisma.$transaction(async (tx) => {
    const saved = await saveSmtpSettings(tx, {
      host: input.host,
      port: input.port,
      secure: input.secure,
      authUser: input.auth_user,
      authPassEncrypted: newPassword ? deps.secrets.encrypt(newPassword) : storedPassword!,
      fromEmail: input.from_email,
      fromName: input.from_name,
      enabled: input.enabled,
    });
    // What changed, never the password itself.
    await recordAudit(tx, {
      actorId,
      action: 'settings.changed',
      subject: { type: 'settings', id: 'smtp' },
      details: { host: input.host, enabled: input.enabled, passwordChanged: newPassword !== null },
    });
    return saved;
  });
  return toView(row);
}

/**
 * The settings for sending mail, or null when none are stored or the stored password cannot be decrypted
 * (for example after SECRETS_KEY changed): the admin must then save the password again.
 */
export async function getSmtpForDelivery(deps: AppDeps): Promise<SmtpDeliverySettings | null> {
  const row = await findSmtpSettings(deps.prisma);
  if (!row) return null;
  let pass: string;
  try {
    pass = deps.secrets.decrypt(row.authPassEncrypted);
  } catch (error) {
    deps.logger.error({ err: error }, 'stored SMTP password cannot be decrypted; save it again in admin settings');
    return null;
  }
  return {
    host: row.host,
    port: row.port,
    secure: row.secure,
    user: row.authUser,
    pass,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    enabled: row.enabled,
  };
}

/** Whether an email queued now would leave: settings are saved, readable and "Enable email sending" is on. */
export async function emailSendingOn(deps: AppDeps): Promise<boolean> {
  const settings = await getSmtpForDelivery(deps);
  return settings !== null && settings.enabled;
}
