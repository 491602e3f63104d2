// The users table as sign-in sees it: finding a user by a verified identity (Google, Telegram, a confirmed
// linked email), creating one at first sign-in, and updating the identity fields a sign-in may refresh.
import type { Prisma } from '../../db/database';
import { cleanPersonName } from '../../../../shared/text';
import type { UserRow } from '../users/users-repository';

export const findUserByIdOrThrow = (prisma: Prisma, id: number): Promise<UserRow> =>
  prisma.user.findUniqueOrThrow({ where: { id } });

export const findUserByTelegramId = (prisma: Prisma, telegramId: string): Promise<UserRow | null> =>
  prisma.user.findUnique({ where: { telegramId } });

export const findUserByGoogleSub = (prisma: Prisma, googleSub: string): Promise<UserRow | null> =>
  prisma.user.findUnique({ where: { googleSub } });

export const findUserByGoogleEmail = (prisma: Prisma, googleEmail: string): Promise<UserRow | null> =>
  prisma.user.findUnique({ where: { googleEmail } });

/** A linked email counts only once its owner confirmed it (DESIGN §4); the oldest such user if several. */
export const findUserByConfirmedLinkedEmail = (prisma: Prisma, email: string): Promise<UserRow | null> =>
  prisma.user.findFirst({ where: { linkedEmail: email, linkedEmailConfirmed: true }, orderBy: { id: 'asc' } });

/** A user created at first sign-in, from Google or from Telegram. */
export interface NewSignInUser {
  name: string;
  googleSub?: string;
  googleEmail?: string;
  telegramId?: string;
  telegramUsername?: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  notificationPrefs: string[];
  /** pending unless the organisation admits everyone who signs in (membershipMode open). */
  status: 'active' | 'pending';
}

/**
 * Throws Prisma's unique violation when a parallel sign-in created the same user first. The name is stored
 * cleaned (cleanPersonName), whatever the identity provider sent.
 */
export const createSignInUser = (prisma: Prisma, user: NewSignInUser): Promise<UserRow> =>
  prisma.user.create({ data: { ...user, name: cleanPersonName(user.name) } });

/** The fields a sign-in or a link may set on an existing user. */
export interface IdentityChanges {
  googleSub?: string;
  googleEmail?: string;
  telegramId?: string;
  telegramUsername?: string;
  avatarUrl?: string;
  isAdmin?: boolean;
  /** Only ever the stored name, cleaned (nameCleaning in identity.ts). */
  name?: string;
}

/** Throws Prisma's unique violation when the identity belongs to another user. */
export const updateUserIdentity = (prisma: Prisma, id: number, changes: IdentityChanges): Promise<UserRow> =>
  prisma.user.update({
    where: { id },
    data: changes.name === undefined ? changes : { ...changes, name: cleanPersonName(changes.name) },
  });
