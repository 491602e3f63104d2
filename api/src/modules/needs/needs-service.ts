// A leader's "Needs you": how many things wait for someone who may act on them. Each count is only there for a
// viewer who may open its list: admins see all four; an organiser sees the permission slips waiting on their own
// events (members, reports and consents are admins' work, and their routes refuse organisers); anyone else is
// refused.
import { forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { mayCreateEvents } from '../../../../shared/permissions';
import type { LeaderNeeds } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../users/viewer';
import * as repo from './needs-repository';

export function createNeedsService(deps: Pick<AppDeps, 'prisma' | 'now'>) {
  const { prisma } = deps;

  async function forViewer(viewer: Viewer): Promise<LeaderNeeds> {
    if (!mayCreateEvents(viewer)) throw forbidden(MSG.leadersOnly);
    const now = deps.now();
    if (!viewer.isAdmin) {
      const slips = await repo.slipsWaiting(prisma, now, viewer.id);
      return {
        pendingMembers: null,
        openReports: null,
        consentsAwaitingVerification: null,
        slipsWaiting: slips.count,
        slipsEventId: slips.eventId,
      };
    }
    const [pendingMembers, openReports, consentsAwaitingVerification, slips] = await Promise.all([
      repo.countPendingMembers(prisma),
      repo.countOpenReports(prisma),
      repo.countConsentsAwaiting(prisma),
      repo.slipsWaiting(prisma, now, null),
    ]);
    return {
      pendingMembers,
      openReports,
      consentsAwaitingVerification,
      slipsWaiting: slips.count,
      slipsEventId: slips.eventId,
    };
  }

  return { forViewer };
}

export type NeedsService = ReturnType<typeof createNeedsService>;
