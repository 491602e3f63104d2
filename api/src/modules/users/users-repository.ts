// The users table: lookups and the mapping to what the API shows (and hides) of a user.
import type { Prisma as PrismaTypes, User } from '@prisma/client';
import {
  NOTIFICATION_CHANNELS,
  type AccountRole,
  type MemberStatus,
  type NotificationChannel,
} from '../../../../shared/constants';
import type { CurrentUser, DirectoryUser, LedSection, PublicUser } from '../../../../shared/types';
import { isLanguage } from '../../../../shared/i18n/languages';
import type { Prisma } from '../../db/database';

export type UserRow = User;

/** A users row as raw SQL returns it (snake_case columns). */
export interface UserSqlRow {
  id: number;
  name: string;
  avatar_url: string | null;
  google_sub: string | null;
  google_email: string | null;
  linked_email: string | null;
  linked_email_confirmed: boolean;
  phone_number: string | null;
  phone_verified_at: Date | string | null;
  telegram_id: string | null;
  telegram_username: string | null;
  telegram_unreachable_at: Date | string | null;
  telegram_unreachable_reason: string | null;
  telegram_write_allowed_at: Date | string | null;
  notification_prefs: string[] | null;
  is_admin: boolean;
  is_demo: boolean;
  status: string;
  role: string;
  hide_from_attendees: boolean;
  birth_date: Date | string | null;
  photo_consent: string;
  language: string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const userFromSql = (row: UserSqlRow): UserRow => ({
  id: row.id,
  name: row.name,
  avatarUrl: row.avatar_url,
  googleSub: row.google_sub,
  googleEmail: row.google_email,
  linkedEmail: row.linked_email,
  linkedEmailConfirmed: row.linked_email_confirmed,
  phoneNumber: row.phone_number,
  phoneVerifiedAt: row.phone_verified_at === null ? null : new Date(row.phone_verified_at),
  telegramId: row.telegram_id,
  telegramUsername: row.telegram_username,
  telegramUnreachableAt: row.telegram_unreachable_at === null ? null : new Date(row.telegram_unreachable_at),
  telegramUnreachableReason: row.telegram_unreachable_reason,
  telegramWriteAllowedAt: row.telegram_write_allowed_at === null ? null : new Date(row.telegram_write_allowed_at),
  notificationPrefs: row.notification_prefs ?? [],
  isAdmin: row.is_admin,
  isDemo: row.is_demo,
  status: row.status,
  role: row.role,
  hideFromAttendees: row.hide_from_attendees,
  birthDate: row.birth_date === null ? null : new Date(row.birth_date),
  photoConsent: row.photo_consent,
  language: row.language,
  deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The sign-in email: from Google, or a linked email once its owner confirmed it. */
export const signInEmail = (user: UserRow): string | null =>
  user.googleEmail ?? (user.linkedEmailConfirmed ? user.linkedEmail : null);

/** SMS may go to the member's number only once they confirmed it with a code sent there. */
export const isPhoneVerified = (user: Pick<UserRow, 'phoneNumber' | 'phoneVerifiedAt'>): boolean =>
  Boolean(user.phoneNumber && user.phoneVerifiedAt);

/**
 * Age and consent, worked out by the minors module, and the sections led (services.minors.currentUser is the way
 * to call this).
 */
export type MinorStandingFields = Pick<CurrentUser, 'birthDate' | 'isMinor' | 'guardianConsent' | 'leadsSections'>;

export function toCurrentUser(user: UserRow, standing: MinorStandingFields): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: signInEmail(user),
    pendingEmail: user.linkedEmail && !user.linkedEmailConfirmed ? user.linkedEmail : null,
    avatarUrl: user.avatarUrl,
    isAdmin: user.isAdmin,
    isDemo: user.isDemo,
    phoneNumber: user.phoneNumber,
    phoneVerified: isPhoneVerified(user),
    telegramId: user.telegramId,
    telegramUsername: user.telegramUsername,
    telegramReachable: !user.telegramUnreachableAt,
    notificationPrefs: user.notificationPrefs.filter((channel): channel is NotificationChannel =>
      (NOTIFICATION_CHANNELS as readonly string[]).includes(channel),
    ),
    googleConnected: Boolean(user.googleSub),
    hideFromAttendees: user.hideFromAttendees,
    language: isLanguage(user.language) ? user.language : null,
    // The table's CHECK constraints keep both columns to these values.
    status: user.status as MemberStatus,
    role: user.role as AccountRole,
    birthDate: standing.birthDate,
    isMinor: standing.isMinor,
    guardianConsent: standing.guardianConsent,
    leadsSections: standing.leadsSections,
  };
}

/** The sections the user leads, by name (the current user's leadsSections; the sections module runs them). */
export const sectionsLedBy = (prisma: Prisma | PrismaTypes.TransactionClient, userId: number): Promise<LedSection[]> =>
  prisma.section.findMany({
    where: { members: { some: { userId, role: 'leader' } } },
    select: { id: true, name: true, colour: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });

export const toPublicUser = (user: Pick<UserRow, 'id' | 'name' | 'avatarUrl'>): PublicUser => ({
  id: user.id,
  name: user.name,
  avatarUrl: user.avatarUrl,
});

export const toDirectoryUser = (user: UserRow): DirectoryUser => ({ ...toPublicUser(user), email: signInEmail(user) });

export const findUserById = (prisma: Prisma, id: number) => prisma.user.findUnique({ where: { id } });

/** The phone number is saved by updatePhoneNumber only, which also takes care of its verification. */
export interface ContactChanges {
  telegramUsername?: string;
  notificationPrefs?: NotificationChannel[];
  hideFromAttendees?: boolean;
  language?: string | null;
}

export const updateUser = (prisma: Prisma, id: number, changes: ContactChanges): Promise<UserRow> =>
  prisma.user.update({ where: { id }, data: changes });

/**
 * Saves the phone number. A different number is unverified (SMS stops until it is confirmed) and a code
 * pending for the old one is dropped; saving the same number again keeps its verification.
 */
export const updatePhoneNumber = (prisma: Prisma, id: number, phoneNumber: string): Promise<UserRow> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.user.findUniqueOrThrow({ where: { id }, select: { phoneNumber: true } });
    if (current.phoneNumber === phoneNumber) return tx.user.update({ where: { id }, data: { phoneNumber } });
    await tx.phoneVerification.deleteMany({ where: { userId: id } });
    return tx.user.update({ where: { id }, data: { phoneNumber, phoneVerifiedAt: null } });
  });

/**
 * Telegram refused our messages to this member's chat for good (403: blocked the bot, never started it):
 * recorded on the member, unless they have since linked another Telegram account. What clears it, and the
 * other ways we learn whether the bot may write, are in modules/telegram/reachability-service.ts.
 */
export const markTelegramUnreachable = (prisma: Prisma, userId: number, telegramId: string, reason: string, at: Date) =>
  prisma.user.updateMany({
    where: { id: userId, telegramId },
    data: { telegramUnreachableAt: at, telegramUnreachableReason: reason.slice(0, 500) },
  });

/**
 * The organisation's members as others may reach them: active (not waiting for approval, not suspended), not
 * erased, and not a guardian account (made only to consent for a child, it sees and hears only what concerns
 * that child). The member directory, invitations and event notifications are for these only.
 */
export const ACTIVE_MEMBER = {
  status: 'active',
  deletedAt: null,
  role: { not: 'guardian' },
} as const satisfies PrismaTypes.UserWhereInput;

/** The active members (ACTIVE_MEMBER), in id order; the caller orders them by the names its viewer sees. */
export const listActiveMembers = (prisma: Prisma): Promise<UserRow[]> =>
  prisma.user.findMany({ where: ACTIVE_MEMBER, orderBy: { id: 'asc' } });

/** An account that is neither suspended, waiting for approval nor erased (guardian accounts included). */
export const findActiveAccount = (prisma: Prisma, id: number) =>
  prisma.user.findFirst({
    where: { id, status: 'active', deletedAt: null },
    select: { id: true, isAdmin: true, role: true, birthDate: true },
  });

/** Admins other than this user whose accounts are not erased (suspended ones count). */
export const countOtherAdmins = (db: Prisma | PrismaTypes.TransactionClient, userId: number): Promise<number> =>
  db.user.count({ where: { role: 'admin', deletedAt: null, id: { not: userId } } });

/** The language chosen by the member linked to this Telegram account; null without an account or a choice. */
export async function savedLanguageOfTelegramUser(prisma: Prisma, telegramUserId: number): Promise<string | null> {
  const user = await prisma.user.findFirst({
    where: { telegramId: String(telegramUserId) },
    select: { language: true },
  });
  return user?.language ?? null;
}
