// What the API's routes and services receive: built once by the composition root (system/create-system.ts), or by
// a test that needs only part of the product, and passed down.
import type { AppConfig } from './config';
import type { Prisma } from './db/database';
import type { SecretBox } from './lib/secrets';
import type { Logger } from './logger';
import type { NotificationTriggers } from './modules/notifications/triggers';
import type { PreparedCards } from './modules/telegram/prepared-cards';

export interface AppDeps {
  config: AppConfig;
  prisma: Prisma;
  logger: Logger;
  secrets: SecretBox;
  notifications: NotificationTriggers;
  /** The clock, so tests can move time (login-code expiry, auth_date age). */
  now: () => Date;
  /** Prepared Telegram messages for the Mini App's Share action; absent without a bot. */
  telegramCards?: PreparedCards;
}
