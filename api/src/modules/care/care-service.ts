// The care card's use cases outside an event: the member reads and writes their own (a minor only until a
// guardian is linked: then the guardian keeps it), a linked guardian reads and writes their child's, and an admin
// reads anyone's. Every read of someone else's card is written to the audit log as care.viewed.
import type { CareCard, CareCardContent } from '../../../../shared/care';
import { forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { GuardiansService } from '../guardians/guardians-service';
import type { MinorsService } from '../minors/minors-service';
import type { UserRow } from '../users/users-repository';
import type { Viewer } from '../users/viewer';
import { openCard, readCareCard, sealCard } from './care-cards';
import * as repo from './care-repository';

/** How a reader came to someone else's card, as the audit entry says it. */
export type CareReadVia = 'guardian' | 'admin' | 'trip_sheet';

export function createCareService(
  deps: AppDeps,
  { minors, guardians }: { minors: MinorsService; guardians: Pick<GuardiansService, 'childOf'> },
) {
  const { prisma } = deps;

  async function save(userId: number, content: CareCardContent): Promise<CareCard> {
    const stored = await repo.saveCard(prisma, userId, sealCard(deps.secrets, content), deps.now());
    return openCard(deps, stored, userId);
  }

  async function audited(viewer: Viewer, memberId: number, via: CareReadVia): Promise<CareCard> {
    const card = await readCareCard(deps, memberId);
    if (memberId !== viewer.id) {
      await recordAudit(prisma, {
        actorId: viewer.id,
        action: 'care.viewed',
        subject: { type: 'member', id: memberId },
        details: { eventId: null, via },
      });
    }
    return card;
  }

  /** GET /api/users/me/care */
  function own(user: UserRow): Promise<CareCard> {
    return readCareCard(deps, user.id);
  }

  /** PUT /api/users/me/care: refused (403) to a minor once a guardian is linked, who keeps the card from then. */
  async function saveOwn(user: UserRow, content: CareCardContent): Promise<CareCard> {
    const { isMinor } = await minors.standingOf(user);
    if (isMinor && (await repo.hasLinkedGuardian(prisma, user.id))) throw forbidden(MSG.careKeptByGuardian);
    return save(user.id, content);
  }

  /** GET /api/guardian/children/{id}/care: as the other guardian pages, 403 to anyone not the child's guardian. */
  async function child(guardian: UserRow, childId: number): Promise<CareCard> {
    await guardians.childOf(guardian, childId);
    return audited(guardian, childId, 'guardian');
  }

  /** PUT /api/guardian/children/{id}/care */
  async function saveChild(guardian: UserRow, childId: number, content: CareCardContent): Promise<CareCard> {
    await guardians.childOf(guardian, childId);
    return save(childId, content);
  }

  /** GET /api/admin/members/{id}/care (admins): 404 for an unknown or erased member. */
  async function ofMember(admin: Viewer, memberId: number): Promise<CareCard> {
    if (!(await repo.isMember(prisma, memberId))) throw notFound(MSG.memberNotFound);
    return audited(admin, memberId, 'admin');
  }

  return { own, saveOwn, child, saveChild, ofMember };
}

export type CareService = ReturnType<typeof createCareService>;
