// The users table's admin flag and the record of who changed it, when and how: set by hand (the `npm run admin`
// CLI) and from configuration (ADMIN_EMAILS / ADMIN_TELEGRAM_IDS) for accounts nobody has decided about yet.
import type { Prisma } from '../../db/database';
import type { UserRow } from '../users/users-repository';

/** How admin was granted or revoked: by hand, or by one of the configuration lists. */
export type AdminChangeMeans = 'cli' | 'ADMIN_EMAILS' | 'ADMIN_TELEGRAM_IDS';

/** Sets the flag and records the decision in one transaction (recorded even when the flag already was so). */
export const setAdminFlag = (
  prisma: Prisma,
  id: number,
  isAdmin: boolean,
  change: { means: AdminChangeMeans; actor: string | null },
): Promise<UserRow> =>
  prisma.$transaction(async (tx) => {
    await tx.adminRoleChange.create({ data: { userId: id, granted: isAdmin, ...change } });
    // An admin named by the operator is in: a pending or suspended account becomes active.
    return tx.user.update({ where: { id }, data: isAdmin ? { isAdmin, status: 'active' } : { isAdmin } });
  });

/** Every admin, oldest account first. */
export const listAdminUsers = (prisma: Prisma): Promise<UserRow[]> =>
  prisma.user.findMany({ where: { isAdmin: true }, orderBy: { id: 'asc' } });

/**
 * Makes this user admin because a configuration list names them, unless they already are or a grant or revoke
 * was ever recorded for them (a revoke made with the CLI wins over the lists). Null when nothing changed.
 */
export async function grantConfiguredAdmin(
  prisma: Prisma,
  id: number,
  means: AdminChangeMeans,
): Promise<UserRow | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      // A configured admin is in at once (never pending); an account an admin suspended stays suspended.
      where: { id, isAdmin: false, status: { not: 'suspended' }, adminRoleChanges: { none: {} } },
      data: { isAdmin: true, status: 'active' },
    });
    if (!count) return null;
    await tx.adminRoleChange.create({ data: { userId: id, granted: true, means, actor: null } });
    return tx.user.findUnique({ where: { id } });
  });
}

/**
 * Makes admins of the existing users with one of these sign-in emails (Google, or a confirmed linked email)
 * or Telegram ids, except those with a recorded grant or revoke.
 */
export async function grantAdminByIdentity(
  prisma: Prisma,
  ids: { emails: string[]; telegramIds: string[] },
): Promise<void> {
  const named = await prisma.user.findMany({
    where: {
      isAdmin: false,
      adminRoleChanges: { none: {} },
      OR: [
        { googleEmail: { in: ids.emails } },
        { linkedEmail: { in: ids.emails }, linkedEmailConfirmed: true },
        { telegramId: { in: ids.telegramIds } },
      ],
    },
    select: { id: true, telegramId: true },
  });
  for (const user of named) {
    const byTelegram = user.telegramId !== null && ids.telegramIds.includes(user.telegramId);
    await grantConfiguredAdmin(prisma, user.id, byTelegram ? 'ADMIN_TELEGRAM_IDS' : 'ADMIN_EMAILS');
  }
}
