// The counts behind a leader's "Needs you": one small query each, read from the lists they stand for (the
// members admin's pending filter, open reports, emailed consents waiting for a leader, slips waiting for a
// guardian), so a count never disagrees with the list it opens.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';

/** Accounts waiting for approval (as the members list's Pending filter shows them). */
export const countPendingMembers = (prisma: Prisma): Promise<number> =>
  prisma.user.count({ where: { status: 'pending', deletedAt: null } });

/** Reported comments nobody has resolved yet. */
export const countOpenReports = (prisma: Prisma): Promise<number> =>
  prisma.commentReport.count({ where: { status: 'open' } });

/**
 * Emailed consents waiting for a leader's confirmation: one per child and guardian whose accounts still exist,
 * as the consents panel lists them (guardians-repository.ts `listAwaiting`).
 */
export async function countConsentsAwaiting(prisma: Prisma): Promise<number> {
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(DISTINCT (c."child_id", c."guardian_id"))::int AS "count"
      FROM "guardian_consents" c
      JOIN "users" k ON k."id" = c."child_id" AND k."deleted_at" IS NULL
      JOIN "users" g ON g."id" = c."guardian_id" AND g."deleted_at" IS NULL
     WHERE c."verified_at" IS NULL AND c."withdrawn_at" IS NULL`;
  return row?.count ?? 0;
}

/**
 * Minors holding a spot on an upcoming event while their guardian has not answered the slip yet, on every event
 * (`creatorId` null) or on one organiser's own; with the soonest such event, where the list of them is.
 */
export async function slipsWaiting(
  prisma: Prisma,
  now: Date,
  creatorId: number | null,
): Promise<{ count: number; eventId: number | null }> {
  const own = creatorId === null ? PrismaTypes.empty : PrismaTypes.sql`AND e."creator_id" = ${creatorId}`;
  const [row] = await prisma.$queryRaw<{ count: number; eventId: number | null }[]>`
    SELECT count(*)::int AS "count", (array_agg(e."id" ORDER BY e."date", e."id"))[1] AS "eventId"
      FROM "permission_slips" s
      JOIN "events" e ON e."id" = s."event_id"
      JOIN "attendances" a ON a."event_id" = s."event_id" AND a."user_id" = s."child_id"
                          AND a."status" = 'awaiting_guardian'
     WHERE s."status" = 'pending' AND s."expires_at" > ${now} AND e."date" >= ${now} ${own}`;
  return { count: row?.count ?? 0, eventId: row?.eventId ?? null };
}
