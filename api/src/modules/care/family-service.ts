// What a family's screens need besides the card itself: the rules a care form states (how long an event's
// leaders read it, whether a guardian keeps it, how long sensitive answers are kept) and, for a guardian, the upcoming events a child may reply to,
// as the child sees them (their reply, its state and waitlist place), so the guardian can reply for them.
import type { CareRules } from '../../../../shared/care';
import type { EventsPageQuery } from '../../../../shared/schemas/events';
import type { EventsPage } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { EventsService } from '../events/events-service';
import type { GuardiansService } from '../guardians/guardians-service';
import type { MinorsService } from '../minors/minors-service';
import type { UserRow } from '../users/users-repository';
import { hasLinkedGuardian } from './care-repository';

export function createFamilyService(
  deps: AppDeps,
  {
    guardians,
    events,
    minors,
  }: { guardians: Pick<GuardiansService, 'childOf'>; events: Pick<EventsService, 'page'>; minors: MinorsService },
) {
  const visibleDays = deps.config.careVisibleDays;
  const sensitiveAnswersDays = deps.config.sensitiveAnswersDays;

  /** GET /api/users/me/care/rules: kept by a guardian on the same terms as the refused save (care-service). */
  async function ownRules(user: UserRow): Promise<CareRules> {
    const { isMinor } = await minors.standingOf(user);
    return {
      visibleDays,
      keptByGuardian: isMinor && (await hasLinkedGuardian(deps.prisma, user.id)),
      sensitiveAnswersDays,
    };
  }

  /** GET /api/guardian/children/{id}/care/rules: the guardian keeps it. */
  async function childRules(guardian: UserRow, childId: number): Promise<CareRules> {
    await guardians.childOf(guardian, childId);
    return { visibleDays, keptByGuardian: false, sensitiveAnswersDays };
  }

  /**
   * GET /api/guardian/children/{id}/events: the list the child would see, each event with the child's reply.
   * Only the child's linked guardians: a guardian may reply for the child to exactly these (the reply checks
   * the same visibility with the child as viewer).
   */
  async function childEvents(guardian: UserRow, childId: number, query: EventsPageQuery): Promise<EventsPage> {
    const child = await guardians.childOf(guardian, childId);
    return events.page({ id: child.id, isAdmin: child.role === 'admin', role: child.role }, query);
  }

  return { ownRules, childRules, childEvents };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
