// Erasing a member (they left, or an admin removed them): everything that says who they were goes, what they
// did for the organisation stays. The users row is kept as a tombstone named "Deleted member": comments keep
// an author, events they created stay the organisation's (events.creator_id may not dangle, and creator
// powers pass to admins, whose role already lets them manage every event), and the audit log's actor ids
// still point at an account.
import { deleteSessionsOfUser } from '../auth/sessions-repository';
import type { PaymentHolds } from '../events/payment-holds';
import type { SlipHolds } from '../events/permission-slips';
import { releaseAllReplies } from '../events/rsvp-promotion';
import { eraseCard } from '../care/care-repository';
import { queuePromoted } from '../notifications/outbox-triggers';
import { erasePersonalRecords, findErasedIdentity, type ErasureTx } from './erasure-repository';

/**
 * Erases the member's personal data in `tx`: sessions end, RSVPs are released (waitlists promote and are told),
 * invitations, verification records, sign-in states, the calendar feed, the care card and messages addressed to them go, and the
 * users row keeps only its id, status, role 'member', dates and deleted_at. Unknown or already erased accounts
 * are left as they are; the caller records the audit entry in the same transaction. `holds.approvals`: minors
 * promoted onto an event that needs a guardian's approval hold their spot until a guardian answers;
 * `holds.payments`: those promoted onto an event whose fee is paid to confirm hold it until they pay.
 */
export async function eraseMember(
  tx: ErasureTx,
  userId: number,
  holds: { approvals: SlipHolds; payments: PaymentHolds },
): Promise<void> {
  const user = await findErasedIdentity(tx, userId);
  if (!user || user.deletedAt) return;
  const now = new Date();

  await deleteSessionsOfUser(tx, userId);
  await releaseAllReplies(tx, userId, {
    now,
    tell: (eventId, userIds, heldUntil) => queuePromoted(tx, eventId, userIds, now, heldUntil),
    ...holds,
  });
  await eraseCard(tx, userId);
  await erasePersonalRecords(tx, userId, user, now);
}
