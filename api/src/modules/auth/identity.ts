// Finding or creating the user behind a verified identity (Telegram or Google), with admin bootstrap.
import { isUniqueViolation } from '../../db/errors';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { AppDeps } from '../../deps';
import { findUserById, type UserRow } from '../users/users-repository';
import { grantConfiguredAdmin, type AdminChangeMeans } from './admin-grants-repository';
import { cleanPersonName } from '../../../../shared/text';
import { telegramDisplayName } from './telegram-verify';
import { createSignInUser, findUserByTelegramId, updateUserIdentity } from './users-identity-repository';

/** A Telegram account as Telegram vouched for it (widget data, initData, or the bot's update). */
export interface TelegramIdentity {
  id: number | string;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

export const isBootstrapAdminEmail = (deps: AppDeps, email: string | null | undefined) =>
  Boolean(email && deps.config.adminEmails.includes(email.toLowerCase()));

/** The configuration list (ADMIN_TELEGRAM_IDS / ADMIN_EMAILS) naming one of the user's sign-in identities. */
function configuredAdminMeans(deps: AppDeps, user: UserRow): AdminChangeMeans | null {
  if (user.telegramId && deps.config.adminTelegramIds.includes(user.telegramId)) return 'ADMIN_TELEGRAM_IDS';
  const emails = [user.googleEmail, user.linkedEmailConfirmed ? user.linkedEmail : null];
  return emails.some((email) => isBootstrapAdminEmail(deps, email)) ? 'ADMIN_EMAILS' : null;
}

/**
 * The user, made admin when a configuration list names them and nobody has granted or revoked their admin yet
 * (an account just created or first matched). A revoke recorded by the CLI wins over the lists for good.
 */
export async function withConfiguredAdmin(deps: AppDeps, user: UserRow): Promise<UserRow> {
  if (user.isAdmin) return user;
  const means = configuredAdminMeans(deps, user);
  if (!means) return user;
  return (await grantConfiguredAdmin(deps.prisma, user.id, means)) ?? user;
}

/**
 * The status of an account created now: active in open membership, otherwise pending until an admin approves
 * it or it joins with an invite link. Configured admins are made active when withConfiguredAdmin grants them.
 */
export async function newAccountStatus(deps: AppDeps): Promise<'active' | 'pending'> {
  const { membershipMode } = await readOrganisationSettings(deps);
  return membershipMode === 'open' ? 'active' : 'pending';
}

/** Only https pictures are kept: the URL ends up in an <img src>. */
const safePicture = (url: string | undefined) =>
  url && /^https:\/\//.test(url) && url.length <= 2048 ? url : undefined;

/** Telegram's own usernames are 5-32 of A-Z a-z 0-9 _ ; anything else is not stored. */
const safeUsername = (username: string | undefined) =>
  username && /^[A-Za-z0-9_]{5,32}$/.test(username) ? username : undefined;

/** The fields a verified Telegram identity may set on its user. */
function telegramProfile(identity: TelegramIdentity) {
  return {
    telegramId: String(identity.id),
    name: cleanPersonName(telegramDisplayName(identity.first_name, identity.last_name), 'Telegram user'),
    username: safeUsername(identity.username),
    picture: safePicture(identity.photo_url),
  };
}

/**
 * A stored name that is not clean (saved before names were cleaned, or by an older instance) is cleaned at
 * the next sign-in: the name itself is kept, whoever it came from.
 */
export const nameCleaning = (stored: string): { name?: string } => {
  const cleaned = cleanPersonName(stored);
  return cleaned === stored ? {} : { name: cleaned };
};

/**
 * The user with this Telegram id, created on first sign-in (named after the Telegram account). Later
 * sign-ins refresh the username and picture (and clean the name) but keep the name, which may come from Google.
 */
export async function upsertTelegramUser(deps: AppDeps, identity: TelegramIdentity): Promise<UserRow> {
  const profile = telegramProfile(identity);
  const existing = await findUserByTelegramId(deps.prisma, profile.telegramId);
  if (existing) {
    const changes = {
      ...(profile.username && profile.username !== existing.telegramUsername
        ? { telegramUsername: profile.username }
        : {}),
      ...(profile.picture && !existing.avatarUrl ? { avatarUrl: profile.picture } : {}),
      ...nameCleaning(existing.name),
    };
    const user = Object.keys(changes).length ? await updateUserIdentity(deps.prisma, existing.id, changes) : existing;
    return withConfiguredAdmin(deps, user);
  }
  try {
    const created = await createSignInUser(deps.prisma, {
      telegramId: profile.telegramId,
      name: profile.name,
      telegramUsername: profile.username ?? null,
      avatarUrl: profile.picture ?? null,
      isAdmin: false,
      status: await newAccountStatus(deps),
      // Same rule as the settings screen: Telegram notifications need a username.
      notificationPrefs: profile.username ? ['telegram'] : [],
    });
    return await withConfiguredAdmin(deps, created);
  } catch (error) {
    // A parallel request created the same user first: use theirs.
    if (!isUniqueViolation(error)) throw error;
    const created = await findUserByTelegramId(deps.prisma, profile.telegramId);
    if (!created) throw error;
    return withConfiguredAdmin(deps, created);
  }
}

export type TelegramLinkOutcome = 'linked' | 'taken' | 'has_other';

/**
 * Attaches a verified Telegram account to an existing user. 'taken': the Telegram account belongs to
 * someone else; 'has_other': this user already has a different Telegram account.
 */
export async function linkTelegramToUser(
  deps: AppDeps,
  userId: number,
  identity: TelegramIdentity,
): Promise<TelegramLinkOutcome> {
  const profile = telegramProfile(identity);
  const owner = await findUserByTelegramId(deps.prisma, profile.telegramId);
  if (owner && owner.id !== userId) return 'taken';
  const user = await findUserById(deps.prisma, userId);
  if (!user) return 'taken';
  if (user.telegramId && user.telegramId !== profile.telegramId) return 'has_other';
  try {
    const linked = await updateUserIdentity(deps.prisma, userId, {
      telegramId: profile.telegramId,
      ...(profile.username ? { telegramUsername: profile.username } : {}),
      ...(profile.picture && !user.avatarUrl ? { avatarUrl: profile.picture } : {}),
    });
    await withConfiguredAdmin(deps, linked);
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'linked';
}
