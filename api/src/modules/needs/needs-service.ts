// A leader's "Needs you": how many things wait for someone who may act on them. Each count is only there for a
// viewer who may open its list: admins see all of them; an organiser sees the permission slips waiting on their
// own events and those of their events (and sections') short of leaders (members, reports and consents are
// admins' work, and their routes refuse organisers); anyone else is refused.
import { forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { mayCreateEvents } from '../../../../shared/permissions';
import type { LeaderNeeds } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../users/viewer';
import * as repo from './needs-repository';

/** Events in the next 48 hours the viewer runs that lack cleared leaders (the leaders module's ratio). */
type ShortOfLeaders = (viewer: Viewer) => Promise<{ count: number; eventId: number | null }>;

export function createNeedsService(deps: Pick<AppDeps, 'prisma' | 'now'>, shortOfLeaders: ShortOfLeaders) {
  const { prisma } = deps;

  async function forViewer(viewer: Viewer): Promise<LeaderNeeds> {
    if (!mayCreateEvents(viewer)) throw forbidden(MSG.leadersOnly);
    const now = deps.now();
    if (!viewer.isAdmin) {
      const [slips, short] = await Promise.all([repo.slipsWaiting(prisma, now, viewer.id), shortOfLeaders(viewer)]);
      return {
        pendingMembers: null,
        openReports: null,
        consentsAwaitingVerification: null,
        slipsWaiting: slips.count,
        slipsEventId: slips.eventId,
        shortOfLeaders: short.count,
        shortOfLeadersEventId: short.eventId,
      };
    }
    const [pendingMembers, openReports, consentsAwaitingVerification, slips, short] = await Promise.all([
      repo.countPendingMembers(prisma),
      repo.countOpenReports(prisma),
      repo.countConsentsAwaiting(prisma),
      repo.slipsWaiting(prisma, now, null),
      shortOfLeaders(viewer),
    ]);
    return {
      pendingMembers,
      openReports,
      consentsAwaitingVerification,
      slipsWaiting: slips.count,
      slipsEventId: slips.eventId,
      shortOfLeaders: short.count,
      shortOfLeadersEventId: short.eventId,
    };
  }

  return { forViewer };
}

export type NeedsService = ReturnType<typeof createNeedsService>;
