// Start-up steps the composition root runs once the database is open: the secrets key outside production,
// and the admins named in configuration.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config';
import type { AppDeps } from './deps';
import { grantAdminByIdentity } from './modules/auth/admin-grants-repository';

/** Outside production a missing SECRETS_KEY is generated once and kept beside the embedded database. */
export async function developmentSecretsKey(config: AppConfig): Promise<string> {
  const dir =
    config.database.kind === 'pglite' && config.database.dataDir ? path.dirname(config.database.dataDir) : './data';
  const file = path.join(dir, 'secrets.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('hex');
    await mkdir(dir, { recursive: true });
    await writeFile(file, key, { mode: 0o600 });
    return key;
  }
}

/** Grants admin to the accounts named in ADMIN_EMAILS / ADMIN_TELEGRAM_IDS that already exist. */
export async function bootstrapAdmins(deps: AppDeps): Promise<void> {
  const { adminEmails, adminTelegramIds } = deps.config;
  if (!adminEmails.length && !adminTelegramIds.length) return;
  await grantAdminByIdentity(deps.prisma, { emails: adminEmails, telegramIds: adminTelegramIds });
}
