// Finding or creating the user behind a verified identity (Telegram or Google), with admin bootstrap.
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users-repository';
import { telegramDisplayName } from './telegram-verify';

export interface TelegramIdentity {
  id: number | string;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

const isBootstrapAdminTelegram = (deps: AppDeps, telegramId: string) =>
  deps.config.adminTelegramIds.includes(telegramId);

export const isBootstrapAdminEmail = (deps: AppDeps, email: string | null | undefined) =>
  Boolean(email && deps.config.adminEmails.includes(email.toLowerCase()));

/** The user with this Telegram id, created on first sign-in. Name and username follow Telegram's. */
export async function upsertTelegramUser(deps: AppDeps, identity: TelegramIdentity): Promise<UserRow> {
  const telegramId = String(identity.id);
  const name = telegramDisplayName(identity.first_name, identity.last_name) || 'Telegram user';
  const admin = isBootstrapAdminTelegram(deps, telegramId);
  return deps.prisma.user.upsert({
    where: { telegramId },
    create: {
      telegramId,
      name,
      telegramUsername: identity.username ?? null,
      avatarUrl: identity.photo_url ?? null,
      isAdmin: admin,
    },
    update: {
      ...(identity.username ? { telegramUsername: identity.username } : {}),
      ...(identity.photo_url ? { avatarUrl: identity.photo_url } : {}),
      ...(admin ? { isAdmin: true } : {}),
    },
  });
}
