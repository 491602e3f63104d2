// Granting and revoking admin by hand (the `npm run admin` CLI): users named by sign-in email or Telegram id.
import type { Prisma } from '../../db/database';
import { signInEmail, type UserRow } from '../users/users-repository';
import { listAdminUsers, setAdminFlag } from './admin-grants-repository';
import {
  findUserByConfirmedLinkedEmail,
  findUserByGoogleEmail,
  findUserByTelegramId,
} from './users-identity-repository';

export type AdminRef = { kind: 'email'; email: string } | { kind: 'telegram'; telegramId: string };

/** `someone@example.org` or `telegram:123456`; null for anything else. */
export function parseAdminRef(text: string): AdminRef | null {
  const value = text.trim();
  const telegram = /^telegram:(\d{1,20})$/i.exec(value);
  if (telegram) return { kind: 'telegram', telegramId: telegram[1]! };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254) {
    return { kind: 'email', email: value.toLowerCase() };
  }
  return null;
}

export const describeRef = (ref: AdminRef) => (ref.kind === 'email' ? ref.email : `telegram:${ref.telegramId}`);

/** The user a reference names: by Google email, confirmed linked email, or Telegram id. */
async function findByRef(prisma: Prisma, ref: AdminRef): Promise<UserRow | null> {
  if (ref.kind === 'telegram') return findUserByTelegramId(prisma, ref.telegramId);
  return (await findUserByGoogleEmail(prisma, ref.email)) ?? (await findUserByConfirmedLinkedEmail(prisma, ref.email));
}

/**
 * Sets the admin flag of the named user and records the decision (by `actor`, when known), so that
 * ADMIN_EMAILS / ADMIN_TELEGRAM_IDS never overrule it; null when no such user has signed in yet.
 */
export async function setAdmin(
  prisma: Prisma,
  ref: AdminRef,
  isAdmin: boolean,
  actor: string | null = null,
): Promise<UserRow | null> {
  const user = await findByRef(prisma, ref);
  if (!user) return null;
  return setAdminFlag(prisma, user.id, isAdmin, { means: 'cli', actor });
}

export interface AdminListItem {
  id: number;
  name: string;
  email: string | null;
  telegramId: string | null;
}

export async function listAdmins(prisma: Prisma): Promise<AdminListItem[]> {
  const admins = await listAdminUsers(prisma);
  return admins.map((user) => ({
    id: user.id,
    name: user.name,
    email: signInEmail(user),
    telegramId: user.telegramId,
  }));
}
