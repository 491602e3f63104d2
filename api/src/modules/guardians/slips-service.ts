// Permission slips decided: a guardian approves or declines their child's held place (on the guardian page, or
// with the Telegram buttons), and a request nobody answers runs out. Each decision runs under the event's row
// lock and changes a slip only while it is pending, so it happens once whoever (or however many instances) try.
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AttendResponse } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { RsvpService } from '../events/rsvp-service';
import { awaitsVerification, isGuardianOf } from '../minors/minors-repository';
import * as slipsRepo from '../minors/permission-slips-repository';
import { queueSlipOutcome } from '../notifications/slip-messages';
import type { Viewer } from '../users/viewer';

const slipSubject = (eventId: number, childId: number) => ({ type: 'permission_slip', id: `${eventId}:${childId}` });

export function createSlipsService(
  deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>,
  rsvp: Pick<RsvpService, 'withEventLocked' | 'settleHeld' | 'releaseHeld' | 'replyOf'>,
) {
  /**
   * POST /api/guardian/children/{childId}/events/{eventId}/approval. Only a guardian of the child (403,
   * nothing changes; 409 while their emailed consent waits for a leader); 409 when nothing waits for an answer
   * (already answered, run out). Answers the child's reply.
   */
  async function decide(viewer: Viewer, childId: number, eventId: number, approve: boolean): Promise<AttendResponse> {
    if (!(await isGuardianOf(deps.prisma, viewer.id, childId))) {
      // An emailed consent a leader has not confirmed yet gives no say over the child.
      if (await awaitsVerification(deps.prisma, viewer.id, childId)) throw conflict(MSG.guardianAwaitingVerification);
      throw forbidden(MSG.notGuardianOf);
    }
    const result = await rsvp.withEventLocked(
      eventId,
      async (tx, event) => {
        const now = deps.now();
        const decision = approve ? 'approved' : 'declined';
        const decided = await slipsRepo.decidePending(tx, eventId, childId, decision, now, viewer.id);
        // A slip pending without a held reply is not a question any more: refused, and the slip is left as it was.
        if (!decided || !(await rsvp.settleHeld(tx, event, childId, approve))) throw conflict(MSG.noPendingApproval);
        await recordAudit(tx, {
          actorId: viewer.id,
          action: approve ? 'slip.approved' : 'slip.declined',
          subject: slipSubject(eventId, childId),
          details: { eventId, childId },
        });
        await queueSlipOutcome(tx, deps, eventId, childId, decision, now);
        return rsvp.replyOf(tx, event, childId);
      },
      childId,
    );
    if (!result) throw notFound(MSG.eventNotFound);
    return result;
  }

  /**
   * Releases the spots of slips past their deadline, event by event, and lets each waitlist move up; the minors
   * and their guardians are told. Any instance may run it at any time. Answers the number of slips expired.
   */
  async function expireDue(): Promise<number> {
    let expired = 0;
    for (const eventId of await slipsRepo.eventsWithDueSlips(deps.prisma, deps.now())) {
      const count = await rsvp.withEventLocked(eventId, async (tx, event) => {
        const now = deps.now();
        const childIds = await slipsRepo.expireDue(tx, eventId, now);
        if (!childIds.length) return 0;
        await rsvp.releaseHeld(tx, event, childIds);
        for (const childId of childIds) {
          await recordAudit(tx, {
            actorId: null,
            action: 'slip.expired',
            subject: slipSubject(eventId, childId),
            details: { eventId, childId },
          });
          await queueSlipOutcome(tx, deps, eventId, childId, 'expired', now);
        }
        return childIds.length;
      });
      expired += count ?? 0;
    }
    return expired;
  }

  return { decide, expireDue };
}

export type SlipsService = ReturnType<typeof createSlipsService>;
