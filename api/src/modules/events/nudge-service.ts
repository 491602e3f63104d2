// Nudging the undecided: a manager of an upcoming event reminds everyone of its audience who has not replied,
// once each (their guardians get copies, as of every message to a minor), through the outbox on each member's
// channels and in their language. A member is nudged at most once a day per event: a second press within the
// day reaches only those not nudged yet, and one that would reach nobody new is a 429.
import { conflict, rateLimited } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { NudgeResult } from '../../../../shared/types/registers';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { Viewer } from '../users/viewer';
import type { EventAccess } from './event-access';
import * as repo from './nudge-repository';

export function createNudgeService(deps: Pick<AppDeps, 'prisma' | 'now' | 'notifications'>, access: EventAccess) {
  const { prisma } = deps;

  /** POST /api/events/{id}/nudge: 202 with how many were reminded. */
  async function nudge(viewer: Viewer, id: number): Promise<NudgeResult> {
    const event = await access.managedRecord(viewer, id, MSG.onlyOrganisers);
    const now = deps.now();
    if (event.date.getTime() <= now.getTime()) throw conflict(MSG.nudgeEventStarted);
    const outcome = await prisma.$transaction(async (tx) => {
      const taken = await repo.takeUndecided(tx, event, viewer.id, now);
      if (taken.userIds.length) {
        await deps.notifications.nudged(event.id, taken.userIds, tx);
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'event.nudged',
          subject: { type: 'event', id: event.id },
          details: { recipients: taken.userIds.length },
        });
      }
      return taken;
    });
    if (!outcome.userIds.length && outcome.heldBack > 0) {
      const wait = Math.max(1, Math.ceil(((outcome.nextAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
      throw rateLimited(MSG.nudgeTooSoon, wait);
    }
    return { count: outcome.userIds.length };
  }

  return { nudge };
}

export type NudgeService = ReturnType<typeof createNudgeService>;
