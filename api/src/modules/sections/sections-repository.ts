// The sections and section_members tables: sections with their counts, their members and leaders, and who
// leads what (the permission checks of section leaders).
import { Prisma as PrismaTypes } from '@prisma/client';
import type { SectionItem, SectionRole } from '../../../../shared/types/sections';
import type { Prisma } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { ACTIVE_MEMBER } from '../users/users-repository';

export type Tx = PrismaTypes.TransactionClient;

export interface SectionFields {
  name?: string;
  description?: string | null;
  colour?: string | null;
}

export interface SectionRow {
  id: number;
  name: string;
  description: string | null;
  colour: string | null;
}

const sectionSelect = { id: true, name: true, description: true, colour: true } as const;

/** Every section by name, with its members counted (leaders apart) and whether `viewerId` is in it. */
export async function listSections(prisma: Prisma, viewerId: number): Promise<SectionItem[]> {
  const rows = await prisma.$queryRaw<Array<SectionRow & { member_count: number; mine: boolean }>>`
    SELECT s.id, s.name, s.description, s.colour,
      (SELECT count(*)::int FROM section_members sm WHERE sm.section_id = s.id AND sm.role = 'member') AS member_count,
      EXISTS (SELECT 1 FROM section_members sm WHERE sm.section_id = s.id AND sm.user_id = ${viewerId}) AS mine
    FROM sections s ORDER BY lower(s.name), s.id`;
  return rows.map(({ member_count, ...row }) => ({ ...row, memberCount: Number(member_count) }));
}

export const findSection = (prisma: Prisma | Tx, id: number): Promise<SectionRow | null> =>
  prisma.section.findUnique({ where: { id }, select: sectionSelect });

/** The new section, or 'name-taken' when another has its name (whatever the case). */
export async function createSection(
  prisma: Prisma,
  fields: Required<SectionFields>,
  alongside: (tx: Tx, id: number) => Promise<void>,
): Promise<SectionRow | 'name-taken'> {
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.section.create({ data: fields, select: sectionSelect });
      await alongside(tx, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'name-taken';
    throw error;
  }
}

/** The section as changed; null when it is gone, 'name-taken' when another has the new name. */
export async function updateSection(
  prisma: Prisma,
  id: number,
  fields: SectionFields,
  alongside: (tx: Tx) => Promise<void>,
): Promise<SectionRow | null | 'name-taken'> {
  try {
    return await prisma.$transaction(async (tx) => {
      const { count } = await tx.section.updateMany({ where: { id }, data: fields });
      if (count === 0) return null;
      await alongside(tx);
      return findSection(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'name-taken';
    throw error;
  }
}

/** Deletes the section; its events pass to the whole organisation (ON DELETE SET NULL), its memberships go. */
export async function deleteSection(prisma: Prisma, id: number, alongside: (tx: Tx) => Promise<void>) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.section.deleteMany({ where: { id } });
    if (count > 0) await alongside(tx);
    return count > 0;
  });
}

/** Whether the user leads the section. */
export async function leadsSection(prisma: Prisma | Tx, userId: number, sectionId: number): Promise<boolean> {
  const row = await prisma.sectionMember.findUnique({
    where: { sectionId_userId: { sectionId, userId } },
    select: { role: true },
  });
  return row?.role === 'leader';
}

/** Whether the user leads any section (who may open the event form). */
export async function leadsAnySection(prisma: Prisma, userId: number): Promise<boolean> {
  return (await prisma.sectionMember.count({ where: { userId, role: 'leader' } })) > 0;
}

export interface SectionMemberRow {
  id: number;
  name: string;
  avatarUrl: string | null;
  role: SectionRole;
}

/** The section's members and leaders: leaders first, then by name. */
export async function listMembers(prisma: Prisma | Tx, sectionId: number): Promise<SectionMemberRow[]> {
  const rows = await prisma.sectionMember.findMany({
    where: { sectionId },
    select: { role: true, user: { select: { id: true, name: true, avatarUrl: true } } },
  });
  return rows
    .map((row) => ({ ...row.user, role: row.role as SectionRole }))
    .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) || a.id - b.id : a.role === 'leader' ? -1 : 1));
}

/** Those of `ids` who are not active members (unknown, pending, suspended, erased, guardian accounts). */
export async function notActiveMembers(prisma: Prisma | Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await prisma.user.findMany({ where: { id: { in: ids }, ...ACTIVE_MEMBER }, select: { id: true } });
  const active = new Set(found.map((row) => row.id));
  return ids.filter((id) => !active.has(id));
}

/**
 * Adds members (one already in the section keeps their role) and removes others; `leadersToo`: a removal may
 * take a leader out as well (admins), else leaders stay.
 */
export async function changeMembers(
  tx: Tx,
  sectionId: number,
  change: { add: number[]; remove: number[]; leadersToo: boolean },
): Promise<void> {
  if (change.add.length) {
    await tx.sectionMember.createMany({
      data: change.add.map((userId) => ({ sectionId, userId, role: 'member' })),
      skipDuplicates: true,
    });
  }
  if (change.remove.length) {
    await tx.sectionMember.deleteMany({
      where: { sectionId, userId: { in: change.remove }, ...(change.leadersToo ? {} : { role: 'member' }) },
    });
  }
}

/** Makes `userIds` the section's leaders: others who led it stay as members. */
export async function setLeaders(tx: Tx, sectionId: number, userIds: number[]): Promise<void> {
  await tx.sectionMember.updateMany({
    where: { sectionId, role: 'leader', userId: { notIn: userIds } },
    data: { role: 'member' },
  });
  for (const userId of userIds) {
    await tx.sectionMember.upsert({
      where: { sectionId_userId: { sectionId, userId } },
      create: { sectionId, userId, role: 'leader' },
      update: { role: 'leader' },
    });
  }
}

/** Locks the section's row for a membership change (two changes at once apply one after the other). */
export async function lockSection(tx: Tx, sectionId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM sections WHERE id = ${sectionId} FOR UPDATE`;
  return rows.length > 0;
}
