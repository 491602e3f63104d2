// The phone_verifications table: at most one pending SMS code per member, stored as a hash.
import type { PhoneVerification } from '@prisma/client';
import type { Prisma } from '../../db/database';
import type { UserRow } from '../users/users-repository';

export type PhoneCodeRow = PhoneVerification;

export interface NewPhoneCode {
  userId: number;
  phoneNumber: string;
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
}

export const findPhoneCode = (prisma: Prisma, userId: number): Promise<PhoneCodeRow | null> =>
  prisma.phoneVerification.findUnique({ where: { userId } });

/**
 * Stores a new code (replacing the member's previous one, its guesses reset) unless the previous one was sent
 * after `resendBefore`. One statement, so two requests at the same moment cannot both pass the cooldown and
 * send two SMS. Answers whether the code was stored. Timestamps are UTC without a zone, hence AT TIME ZONE.
 */
export async function storePhoneCode(prisma: Prisma, code: NewPhoneCode, resendBefore: Date): Promise<boolean> {
  const sentAt = code.sentAt.toISOString();
  const expiresAt = code.expiresAt.toISOString();
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    INSERT INTO phone_verifications (user_id, phone_number, code_hash, attempts, sent_at, expires_at, created_at)
    VALUES (${code.userId}, ${code.phoneNumber}, ${code.codeHash}, 0,
            (${sentAt}::timestamptz AT TIME ZONE 'UTC'), (${expiresAt}::timestamptz AT TIME ZONE 'UTC'),
            (${sentAt}::timestamptz AT TIME ZONE 'UTC'))
    ON CONFLICT (user_id) DO UPDATE SET
      phone_number = EXCLUDED.phone_number, code_hash = EXCLUDED.code_hash, attempts = 0,
      sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at
    WHERE phone_verifications.sent_at <= (${resendBefore.toISOString()}::timestamptz AT TIME ZONE 'UTC')
    RETURNING id`;
  return rows.length > 0;
}

/** Drops this code (the SMS could not be sent), unless a newer one replaced it meanwhile. */
export const deletePhoneCode = (prisma: Prisma, code: Pick<PhoneCodeRow, 'userId' | 'codeHash'>) =>
  prisma.phoneVerification.deleteMany({ where: { userId: code.userId, codeHash: code.codeHash } });

/**
 * Counts one guess at this code before it is compared, atomically: parallel guesses cannot go past the
 * limit. Answers false when the code is used up (or was replaced by a newer one meanwhile).
 */
export async function countGuess(prisma: Prisma, code: PhoneCodeRow, maxAttempts: number): Promise<boolean> {
  const { count } = await prisma.phoneVerification.updateMany({
    where: { id: code.id, codeHash: code.codeHash, attempts: { lt: maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  return count === 1;
}

/**
 * Marks the member's phone verified, if it is still the number the code was sent to, and drops the code.
 * Answers the updated user, or null when the number changed meanwhile.
 */
export const confirmPhone = (prisma: Prisma, code: PhoneCodeRow, at: Date): Promise<UserRow | null> =>
  prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: code.userId, phoneNumber: code.phoneNumber },
      data: { phoneVerifiedAt: at },
    });
    await tx.phoneVerification.deleteMany({ where: { userId: code.userId } });
    return count ? tx.user.findUnique({ where: { id: code.userId } }) : null;
  });
