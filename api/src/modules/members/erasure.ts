// Erasing a member: what leaving (DELETE /api/users/me) and an admin's deletion both do, in the caller's
// transaction. This minimal version ends the sessions and blanks the personal fields; the full erasure
// (RSVPs released, verification records, comments shown as "Deleted member") replaces it.
import type { Prisma as PrismaTypes } from '@prisma/client';

export async function eraseMember(tx: PrismaTypes.TransactionClient, userId: number): Promise<void> {
  await tx.session.deleteMany({ where: { userId } });
  await tx.user.update({
    where: { id: userId },
    data: {
      name: 'Deleted member',
      avatarUrl: null,
      googleSub: null,
      googleEmail: null,
      linkedEmail: null,
      linkedEmailConfirmed: false,
      phoneNumber: null,
      phoneVerifiedAt: null,
      telegramId: null,
      telegramUsername: null,
      notificationPrefs: [],
      status: 'suspended',
    },
  });
}
