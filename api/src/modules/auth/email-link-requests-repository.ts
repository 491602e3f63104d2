// The email_link_requests table and the linked-email columns of users: confirmation links sent to an email a
// member wants to link, and the address they confirm.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { grantConfiguredAdmin } from './admin-grants-repository';

type Tx = PrismaTypes.TransactionClient;

/** Someone other than `userId` signs in with this email (Google, or a confirmed linked email). */
export async function emailBelongsToOther(prisma: Prisma, email: string, userId: number): Promise<boolean> {
  const other = await prisma.user.findFirst({
    where: {
      id: { not: userId },
      OR: [{ googleEmail: email }, { linkedEmail: email, linkedEmailConfirmed: true }],
    },
    select: { id: true },
  });
  return Boolean(other);
}

/**
 * Stores a new link request and the address, unconfirmed, on the user; `alongside` runs in the same
 * transaction (the email carrying the link is queued there), so all of it commits or none.
 */
export function storeEmailLinkRequest(
  prisma: Prisma,
  request: { userId: number; email: string; tokenHash: string; expiresAt: Date },
  alongside: (tx: Tx) => Promise<void>,
): Promise<void> {
  return prisma.$transaction(async (tx) => {
    await tx.emailLinkRequest.create({ data: request });
    await tx.user.update({
      where: { id: request.userId },
      data: { linkedEmail: request.email, linkedEmailConfirmed: false },
    });
    await alongside(tx);
  });
}

export const findEmailLinkRequest = (prisma: Prisma, tokenHash: string) =>
  prisma.emailLinkRequest.findUnique({ where: { tokenHash } });

/** Marks a request confirmed; false when another opening of the link did it first. */
export async function claimEmailLinkRequest(prisma: Prisma, id: number, at: Date): Promise<boolean> {
  const claimed = await prisma.emailLinkRequest.updateMany({
    where: { id, confirmedAt: null },
    data: { confirmedAt: at },
  });
  return claimed.count === 1;
}

/** The linked email becomes a sign-in identity (and, for a bootstrap admin address, makes the user an admin). */
/** `grantAdmin`: ADMIN_EMAILS names the address, which makes admin only an account nobody has decided about. */
export async function confirmLinkedEmail(prisma: Prisma, userId: number, grantAdmin: boolean): Promise<void> {
  await prisma.user.update({ where: { id: userId }, data: { linkedEmailConfirmed: true } });
  if (grantAdmin) await grantConfiguredAdmin(prisma, userId, 'ADMIN_EMAILS');
}

export async function deleteEmailLinkRequestsExpiredBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.emailLinkRequest.deleteMany({ where: { expiresAt: { lt: before } } });
}
