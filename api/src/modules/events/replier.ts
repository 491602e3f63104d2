// Who a reply is for, and the permission slip that follows it: the member themself, or a guardian's child
// (forUserId, or each of forUserIds). Shared by the single reply and the siblings' reply.
import type { PermissionSlipStatus } from '../../../../shared/constants';
import { conflict, forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AttendInput } from '../../../../shared/schemas/rsvp';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { MinorsService } from '../minors/minors-service';
import { awaitsVerification, findBirthDate, isGuardianOf } from '../minors/minors-repository';
import * as slipsRepo from '../minors/permission-slips-repository';
import { queueSlipOutcome } from '../notifications/slip-messages';
import { findActiveAccount } from '../users/users-repository';
import type { Viewer } from '../users/viewer';
import type { Tx } from './events-repository';
import type { SlipHolds } from './permission-slips';
import type { LockedEvent } from './rsvp-repository';
import type { PlannedReply, Reply } from './rsvp-rules';

/** Whose reply a request changes: the member's own, or their child's when a guardian replies for them. */
export interface Replier {
  id: number;
  /** The member as the event's visibility sees them. */
  member: Viewer;
  /** The guardian replying for the child; null when the member replies themself. */
  guardianId: number | null;
}

export function createRepliers(
  deps: Pick<AppDeps, 'config' | 'notifications' | 'now' | 'prisma'>,
  minors: MinorsService,
  approvals: SlipHolds,
) {
  const { prisma } = deps;

  /**
   * The member a reply is for: the viewer, or (forUserId) a child of theirs, who must be allowed to take part
   * (a guardian's consent) to reply attending or maybe. Anyone else's child, or a non-guardian: 403. A guardian
   * account replies only for a child: for itself it is 403 before the event is looked up, so an event it may
   * not see and one it may answer alike (no counts, no 404 to tell them apart).
   */
  async function replierFor(viewer: Viewer, input: Pick<AttendInput, 'status' | 'forUserId'>): Promise<Replier> {
    if (input.forUserId === undefined || input.forUserId === viewer.id) {
      if (viewer.role === 'guardian') throw forbidden(MSG.guardianAccountOnly);
      return { id: viewer.id, member: viewer, guardianId: null };
    }
    const childId = input.forUserId;
    const child = (await isGuardianOf(prisma, viewer.id, childId)) ? await findActiveAccount(prisma, childId) : null;
    if (!child) {
      // An emailed consent a leader has not confirmed yet gives no say over the child.
      if (await awaitsVerification(prisma, viewer.id, childId)) throw conflict(MSG.guardianAwaitingVerification);
      throw forbidden(MSG.notGuardianOf);
    }
    if (input.status !== 'not_attending') await minors.assertMayTakePart(child);
    return { id: child.id, member: { id: child.id, isAdmin: child.isAdmin, role: child.role }, guardianId: viewer.id };
  }

  /** Whether the replier is a minor on an event that needs approval; null when the event does not need it. */
  async function approvalContext(tx: Tx, event: LockedEvent, replier: Replier) {
    if (!event.requiresGuardianApproval) return null;
    const birthDate = await findBirthDate(tx, replier.id);
    if (!minors.isMinorBy({ birthDate }, await minors.cutoff(tx))) return null;
    return { slip: await slipsRepo.slipStatusOf(tx, event.id, replier.id) };
  }

  /**
   * The slip follows the reply: a spot newly held asks the guardians; a guardian's own 'attending' for their
   * child is their approval; a held spot given back withdraws the question (or, given back by a guardian, is
   * their decline). Audited and told like a decision on the guardian page.
   */
  async function settleSlip(
    tx: Tx,
    eventId: number,
    replier: Replier,
    current: Reply | null,
    plan: PlannedReply,
    wanted: AttendInput['status'],
    slipBefore: PermissionSlipStatus | null,
    now: Date,
  ): Promise<void> {
    const childId = replier.id;
    if (plan.status === 'awaiting_guardian') {
      if (current?.status !== 'awaiting_guardian') await approvals.ask(tx, eventId, [childId]);
      return;
    }
    const subject = { type: 'permission_slip', id: `${eventId}:${childId}` };
    if (replier.guardianId !== null && wanted === 'attending') {
      if (slipBefore === 'approved') return;
      await slipsRepo.recordApproval(tx, eventId, childId, now, replier.guardianId);
      await recordAudit(tx, {
        actorId: replier.guardianId,
        action: 'slip.approved',
        subject,
        details: { eventId, childId, by: 'reply' },
      });
      // Waitlisted, the approval waits for the promotion, which then needs no new one.
      if (plan.status === 'attending') await queueSlipOutcome(tx, deps, eventId, childId, 'approved', now);
      return;
    }
    if (current?.status !== 'awaiting_guardian') return;
    if (replier.guardianId === null) {
      await slipsRepo.withdrawPending(tx, eventId, childId);
      return;
    }
    if (await slipsRepo.decidePending(tx, eventId, childId, 'declined', now, replier.guardianId)) {
      await recordAudit(tx, {
        actorId: replier.guardianId,
        action: 'slip.declined',
        subject,
        details: { eventId, childId, by: 'reply' },
      });
    } else {
      await slipsRepo.withdrawPending(tx, eventId, childId);
    }
  }

  return { replierFor, approvalContext, settleSlip };
}

export type Repliers = ReturnType<typeof createRepliers>;
