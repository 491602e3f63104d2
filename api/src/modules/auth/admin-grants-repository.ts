// The users table's admin flag: set by hand (the `npm run admin` CLI) and from configuration at start-up.
import type { Prisma } from '../../db/database';
import type { UserRow } from '../users/users-repository';

export const setAdminFlag = (prisma: Prisma, id: number, isAdmin: boolean): Promise<UserRow> =>
  prisma.user.update({ where: { id }, data: { isAdmin } });

/** Every admin, oldest account first. */
export const listAdminUsers = (prisma: Prisma): Promise<UserRow[]> =>
  prisma.user.findMany({ where: { isAdmin: true }, orderBy: { id: 'asc' } });

/**
 * Makes admins of the existing users with one of these sign-in emails (Google, or a confirmed linked email)
 * or Telegram ids.
 */
export async function grantAdminByIdentity(
  prisma: Prisma,
  ids: { emails: string[]; telegramIds: string[] },
): Promise<void> {
  await prisma.user.updateMany({
    where: {
      isAdmin: false,
      OR: [
        { googleEmail: { in: ids.emails } },
        { linkedEmail: { in: ids.emails }, linkedEmailConfirmed: true },
        { telegramId: { in: ids.telegramIds } },
      ],
    },
    data: { isAdmin: true },
  });
}
