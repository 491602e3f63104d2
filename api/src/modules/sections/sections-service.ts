// Sections use cases: admins make, change and delete sections and name their leaders; a section's leaders and
// admins manage its membership; every active member may list the sections. A section leader's powers stop at
// their section's edge (an admin's do not). Every change is audited (section.*).
import type { AuditDetails } from '../../../../shared/audit-details';
import type { AuditAction } from '../../../../shared/constants';
import { conflict, forbidden, invalid, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { SectionItem, SectionMembers } from '../../../../shared/types/sections';
import type { AppDeps } from '../../deps';
import { idList } from '../../lib/id-list';
import { recordAudit } from '../audit/audit-repository';
import type { MinorsService } from '../minors/minors-service';
import type { Viewer } from '../users/viewer';
import * as repo from './sections-repository';

export function createSectionsService(deps: Pick<AppDeps, 'prisma'>, minors: MinorsService) {
  const { prisma } = deps;

  function assertAdmin(viewer: Viewer): void {
    if (!viewer.isAdmin) throw forbidden(MSG.adminOnly);
  }

  async function existing(id: number): Promise<repo.SectionRow> {
    const section = await repo.findSection(prisma, id);
    if (!section) throw notFound(MSG.sectionNotFound);
    return section;
  }

  /** Admins and the section's leaders; 404 for a section that does not exist, 403 for anyone else. */
  async function assertMayLead(viewer: Viewer, sectionId: number): Promise<repo.SectionRow> {
    const section = await existing(sectionId);
    if (!viewer.isAdmin && !(await repo.leadsSection(prisma, viewer.id, sectionId)))
      throw forbidden(MSG.sectionLeadersOnly);
    return section;
  }

  /** Whether the viewer may put events into the section and run them: admins and its leaders. */
  async function mayRunEventsOf(viewer: Viewer, sectionId: number): Promise<boolean> {
    return viewer.isAdmin || repo.leadsSection(prisma, viewer.id, sectionId);
  }

  const audit = (tx: repo.Tx, viewer: Viewer, action: AuditAction, id: number, details: AuditDetails) =>
    recordAudit(tx, { actorId: viewer.id, action, subject: { type: 'section', id }, details });

  function list(viewer: Viewer): Promise<SectionItem[]> {
    return repo.listSections(prisma, viewer.id);
  }

  async function item(viewer: Viewer, id: number): Promise<SectionItem> {
    const found = (await list(viewer)).find((section) => section.id === id);
    if (!found) throw notFound(MSG.sectionNotFound);
    return found;
  }

  async function create(
    viewer: Viewer,
    input: { name: string; description?: string | null; colour?: string | null },
  ): Promise<SectionItem> {
    assertAdmin(viewer);
    const fields = { name: input.name, description: input.description ?? null, colour: input.colour ?? null };
    const created = await repo.createSection(prisma, fields, (tx, id) =>
      audit(tx, viewer, 'section.created', id, { name: fields.name }),
    );
    if (created === 'name-taken') throw conflict(MSG.sectionNameTaken);
    return item(viewer, created.id);
  }

  async function update(viewer: Viewer, id: number, input: repo.SectionFields): Promise<SectionItem> {
    assertAdmin(viewer);
    const before = await existing(id);
    const updated = await repo.updateSection(prisma, id, input, (tx) =>
      audit(tx, viewer, 'section.updated', id, { name: input.name ?? before.name, before: before.name }),
    );
    if (updated === 'name-taken') throw conflict(MSG.sectionNameTaken);
    if (!updated) throw notFound(MSG.sectionNotFound);
    return item(viewer, id);
  }

  async function remove(viewer: Viewer, id: number): Promise<void> {
    assertAdmin(viewer);
    const section = await existing(id);
    const deleted = await repo.deleteSection(prisma, id, (tx) =>
      audit(tx, viewer, 'section.deleted', id, { name: section.name }),
    );
    if (!deleted) throw notFound(MSG.sectionNotFound);
  }

  /**
   * Who is in the section: for its members, its leaders and admins (403 for anyone else). Names by the minors' rule: leaders and admins see full names (they run it).
   */
  async function members(viewer: Viewer, sectionId: number): Promise<SectionMembers> {
    await existing(sectionId);
    const rows = await repo.listMembers(prisma, sectionId);
    const own = rows.find((row) => row.id === viewer.id);
    if (!viewer.isAdmin && !own) throw forbidden(MSG.sectionLeadersOnly);
    return { members: await shown(viewer, rows, viewer.isAdmin || own?.role === 'leader') };
  }

  async function shown(viewer: Viewer, rows: repo.SectionMemberRow[], privileged = true) {
    const named = await minors.shownTo(viewer, rows, privileged);
    return named.map(({ id, name, role }) => ({ id, name, role }));
  }

  /** Only active members may join (400 naming the others); leaders leave only through the leaders call or an admin. */
  async function changeMembers(
    viewer: Viewer,
    sectionId: number,
    change: { add?: number[]; remove?: number[] },
  ): Promise<SectionMembers> {
    await assertMayLead(viewer, sectionId);
    const add = change.add ?? [];
    const remove = (change.remove ?? []).filter((id) => !add.includes(id));
    const refused = await repo.notActiveMembers(prisma, add);
    if (refused.length) throw invalid(MSG.sectionMembersUnknown({ ids: idList(refused) }));
    const rows = await prisma.$transaction(async (tx) => {
      if (!(await repo.lockSection(tx, sectionId))) throw notFound(MSG.sectionNotFound);
      await repo.changeMembers(tx, sectionId, { add, remove, leadersToo: viewer.isAdmin });
      await audit(tx, viewer, 'section.members_changed', sectionId, {
        added: add.join(','),
        removed: remove.join(','),
      });
      return repo.listMembers(tx, sectionId);
    });
    return { members: await shown(viewer, rows) };
  }

  /** Admins name the section's leaders (active members; 400 naming the others); former leaders stay as members. */
  async function setLeaders(viewer: Viewer, sectionId: number, userIds: number[]): Promise<SectionMembers> {
    assertAdmin(viewer);
    await existing(sectionId);
    const refused = await repo.notActiveMembers(prisma, userIds);
    if (refused.length) throw invalid(MSG.sectionMembersUnknown({ ids: idList(refused) }));
    const rows = await prisma.$transaction(async (tx) => {
      if (!(await repo.lockSection(tx, sectionId))) throw notFound(MSG.sectionNotFound);
      await repo.setLeaders(tx, sectionId, userIds);
      await audit(tx, viewer, 'section.leaders_changed', sectionId, { leaders: userIds.join(',') });
      return repo.listMembers(tx, sectionId);
    });
    return { members: await shown(viewer, rows) };
  }

  /** A section that events may name: 400 for one that does not exist. */
  async function assertEventSection(viewer: Viewer, sectionId: number): Promise<void> {
    if (!(await repo.findSection(prisma, sectionId))) throw invalid(MSG.sectionInvalid);
    if (!(await mayRunEventsOf(viewer, sectionId))) throw forbidden(MSG.sectionLeadersOnly);
  }

  return {
    list,
    create,
    update,
    remove,
    members,
    changeMembers,
    setLeaders,
    mayRunEventsOf,
    assertEventSection,
    leadsAny: (viewer: Viewer) => repo.leadsAnySection(prisma, viewer.id),
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
