// The rows an erasure empties or removes (erasure.ts decides the order and releases the member's replies).
// Everything that says who they were goes, what they did for the organisation stays: the users row is kept as a
// tombstone, its identity columns emptied (not hidden), so the same Google or Telegram account signing in again
// creates a new account.
import { Prisma as PrismaTypes } from '@prisma/client';
import { DELETED_MEMBER_NAME } from '../../../../shared/deleted-member';

/** A transaction: the erasure commits together with its caller's audit entry, or not at all. */
export type ErasureTx = PrismaTypes.TransactionClient;

/** The member's identity an erasure needs, or null for an unknown account. */
export type ErasedIdentity = NonNullable<Awaited<ReturnType<typeof findErasedIdentity>>>;

export const findErasedIdentity = (tx: ErasureTx, userId: number) =>
  tx.user.findUnique({
    where: { id: userId },
    select: { telegramId: true, deletedAt: true, googleEmail: true, linkedEmail: true, linkedEmailConfirmed: true },
  });

/**
 * Removes and empties the member's personal data outside their replies, and turns the users row into the
 * tombstone: invitations, verification records, sign-in states, the calendar feed, guardianships, addresses in
 * guardian requests and consents, pending slips, calendar cancellations, messages to and about them, uploads'
 * authorship, Telegram sign-in and sharing records.
 */
export async function erasePersonalRecords(tx: ErasureTx, userId: number, user: ErasedIdentity, now: Date) {
  await tx.invitation.deleteMany({ where: { userId } });
  await tx.phoneVerification.deleteMany({ where: { userId } });
  await tx.emailLinkRequest.deleteMany({ where: { userId } });
  await tx.authState.deleteMany({ where: { userId } });
  await tx.calendarFeed.deleteMany({ where: { userId } });
  // Answers to an event's registration questions (sensitive ones included) are the member's own words.
  await tx.registrationAnswer.deleteMany({ where: { userId } });
  // Leader checks carry certificate references; an erased member leads nothing.
  await tx.leaderCheck.deleteMany({ where: { userId } });
  await tx.eventLeader.deleteMany({ where: { userId } });
  // Who looks after whom goes, both ways, and the requests sent to a guardian's address. The consents stay as
  // the record of what was given, without the address the request went to.
  await tx.guardianship.deleteMany({ where: { OR: [{ guardianId: userId }, { childId: userId }] } });
  await tx.guardianRequest.deleteMany({ where: { childId: userId } });
  await tx.guardianConsent.updateMany({ where: { childId: userId }, data: { requestEmail: null } });
  // A guardian's own address, in the requests sent to it and the consents given through it: emptied, while the
  // records stay (a consent names its guardian, now "Deleted member").
  // Only addresses that are theirs: an unconfirmed linked email may be someone else's.
  const addresses = [user.googleEmail, user.linkedEmailConfirmed ? user.linkedEmail : null].filter(
    (email): email is string => Boolean(email),
  );
  await tx.guardianRequest.updateMany({
    where: { OR: [{ usedBy: userId }, ...(addresses.length ? [{ email: { in: addresses } }] : [])] },
    data: { email: '' },
  });
  await tx.guardianConsent.updateMany({
    where: {
      OR: [{ guardianId: userId }, ...(addresses.length ? [{ requestEmail: { in: addresses } }] : [])],
    },
    data: { requestEmail: null },
  });
  // Their places are released before this; a slip still asking a guardian about them would only expire later.
  await tx.permissionSlip.deleteMany({ where: { childId: userId, status: 'pending' } });
  // Written by the calendar triggers, also for the replies just released: the event names the member went to.
  await tx.calendarCancellation.deleteMany({ where: { userId } });
  // Texts addressed to them carry their name and contact details. Texts about them to others (a guardian's copy,
  // a request for a guardian's approval, their words as an organiser) name them: those not sent yet are not sent,
  // and those sent or failed keep no words (the row stays, the guardian's or attendee's own delivery record).
  await tx.outboxMessage.deleteMany({
    where: { OR: [{ userId }, { subjectUserIds: { has: userId }, status: 'pending' }] },
  });
  await tx.outboxMessage.updateMany({
    where: { subjectUserIds: { has: userId } },
    data: { subject: null, body: '', html: null, payload: PrismaTypes.DbNull, lastError: null },
  });
  await tx.notificationJob.deleteMany({ where: { subjectUserIds: { has: userId }, status: 'pending' } });
  await tx.notificationJob.updateMany({
    where: { subjectUserIds: { has: userId } },
    data: { rendered: PrismaTypes.DbNull, lastError: null },
  });
  await tx.eventImage.updateMany({ where: { uploaderId: userId }, data: { uploaderId: null } });
  const telegramId = user.telegramId;
  await tx.telegramLoginRequest.deleteMany({
    where: { OR: [{ linkUserId: userId }, ...(telegramId ? [{ telegramId }, { claimedBy: telegramId }] : [])] },
  });
  if (telegramId) {
    await tx.preparedShare.deleteMany({ where: { telegramUserId: telegramId } });
    await tx.sharedCard.updateMany({ where: { sharedByTelegramId: telegramId }, data: { sharedByTelegramId: null } });
  }

  await tx.user.update({
    where: { id: userId },
    data: {
      name: DELETED_MEMBER_NAME,
      avatarUrl: null,
      googleSub: null,
      googleEmail: null,
      linkedEmail: null,
      linkedEmailConfirmed: false,
      phoneNumber: null,
      phoneVerifiedAt: null,
      telegramId: null,
      telegramUsername: null,
      telegramUnreachableAt: null,
      telegramUnreachableReason: null,
      telegramWriteAllowedAt: null,
      notificationPrefs: [],
      hideFromAttendees: false,
      birthDate: null,
      photoConsent: 'none',
      // An erased admin must not count as one (the last-admin rule, admin lists); the trigger clears is_admin.
      role: 'member',
      deletedAt: now,
    },
  });
  // Comments and events show the author's name under version ETags; a renamed author is a change to them.
  await tx.$executeRaw`UPDATE data_version SET version = version + 1 WHERE id = 1`;
}
