// Erasing a member (they left, or an admin removed them): everything that says who they were goes, what they
// did for the organisation stays. The users row is kept as a tombstone named "Deleted member": comments keep
// an author, events they created stay the organisation's (events.creator_id may not dangle, and creator
// powers pass to admins, whose role already lets them manage every event), and the audit log's actor ids
// still point at an account. Its identity columns are emptied, not hidden, so the same Google or Telegram
// account signing in again creates a new account.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { SlipHolds } from '../events/permission-slips';
import { releaseAllReplies } from '../events/rsvp-service';
import { eraseCard } from '../care/care-repository';
import { queuePromoted } from '../notifications/outbox-triggers';
import { DELETED_MEMBER_NAME } from '../../../../shared/deleted-member';

/** A transaction: the erasure commits together with its caller's audit entry, or not at all. */
export type ErasureTx = PrismaTypes.TransactionClient;

/**
 * Erases the member's personal data in `tx`: sessions end, RSVPs are released (waitlists promote and are told),
 * invitations, verification records, sign-in states, the calendar feed, the care card and messages addressed to them go, and the
 * users row keeps only its id, status, role 'member', dates and deleted_at. Unknown or already erased accounts
 * are left as they are; the caller records the audit entry in the same transaction. `approvals`: minors promoted
 * onto an event that needs a guardian's approval hold their spot until a guardian answers.
 */
export async function eraseMember(tx: ErasureTx, userId: number, approvals: SlipHolds): Promise<void> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { telegramId: true, deletedAt: true, googleEmail: true, linkedEmail: true, linkedEmailConfirmed: true },
  });
  if (!user || user.deletedAt) return;
  const now = new Date();

  await tx.session.deleteMany({ where: { userId } });
  await releaseAllReplies(tx, userId, {
    now,
    tell: (eventId, userIds) => queuePromoted(tx, eventId, userIds, now),
    approvals,
  });
  await tx.invitation.deleteMany({ where: { userId } });
  await tx.phoneVerification.deleteMany({ where: { userId } });
  await tx.emailLinkRequest.deleteMany({ where: { userId } });
  await tx.authState.deleteMany({ where: { userId } });
  await tx.calendarFeed.deleteMany({ where: { userId } });
  await eraseCard(tx, userId);
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
  // Their places are released below; a slip still asking a guardian about them would only expire later.
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
