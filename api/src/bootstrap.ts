// Builds the API's dependencies from configuration: database (migrated), logger, secrets, admins, demo data.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import type { AppDeps } from './deps';
import { createSecretBox } from './lib/secrets';
import { createLogger, type Logger } from './logger';
import { seedDemo } from './modules/auth/demo';
import { createOutboxTriggers, type OutboxTriggers } from './modules/notifications/outbox-triggers';
import { silentTriggers } from './modules/notifications/triggers';

/** Outside production a missing SECRETS_KEY is generated once and kept beside the embedded database. */
async function developmentSecretsKey(config: AppConfig): Promise<string> {
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
  await deps.prisma.user.updateMany({
    where: {
      isAdmin: false,
      OR: [
        { googleEmail: { in: adminEmails } },
        { linkedEmail: { in: adminEmails }, linkedEmailConfirmed: true },
        { telegramId: { in: adminTelegramIds } },
      ],
    },
    data: { isAdmin: true },
  });
}

export interface Bootstrapped {
  deps: AppDeps;
  database: Database;
  /** The notification triggers (also deps.notifications) with the reminder scan the worker runs. */
  outbox: OutboxTriggers;
}

export async function bootstrap(
  config: AppConfig,
  logger: Logger = createLogger(config.logLevel),
): Promise<Bootstrapped> {
  const database = await openDatabase(config.database, config.databasePoolSize, {
    onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  });
  const secretsKey = config.secretsKey ?? (await developmentSecretsKey(config));
  const deps: AppDeps = {
    config,
    prisma: database.prisma,
    logger,
    secrets: createSecretBox(secretsKey),
    notifications: silentTriggers,
    now: () => new Date(),
  };
  const outbox = createOutboxTriggers(deps);
  deps.notifications = outbox;
  await bootstrapAdmins(deps);
  if (config.demoMode) await seedDemo(deps);
  return { deps, database, outbox };
}
