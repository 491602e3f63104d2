// Permission slips: one row per minor and event that needs a guardian's approval. A slip is asked for
// ('pending', with a deadline), then approved, declined or expired. Every change of a pending slip is a
// conditional update on status 'pending', so two instances, two guardians or a guardian and the expiry racing
// for the same slip decide it once. The callers hold the event's row lock (events/rsvp-repository.ts).
import { Prisma as PrismaTypes } from '@prisma/client';
import type { PermissionSlipStatus } from '../../../../shared/constants';
import type { AuditDb } from '../audit/audit-repository';

/**
 * Of `userIds` moving into a spot of this event, those who must wait for a guardian: the event needs approval,
 * they are minors, and no guardian has approved them for it yet.
 */
export async function awaitingApprovalAmong(
  db: AuditDb,
  eventId: number,
  userIds: number[],
  bornAfter: string,
): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT u."id" FROM "users" u JOIN "events" e ON e."id" = ${eventId} AND e."requires_guardian_approval"
     WHERE u."id" IN (${PrismaTypes.join(userIds)}) AND u."birth_date" > ${bornAfter}::date
       AND NOT EXISTS (SELECT 1 FROM "permission_slips" s
                        WHERE s."event_id" = e."id" AND s."child_id" = u."id" AND s."status" = 'approved')`;
  return rows.map((row) => row.id);
}

/** Whether the event needs a guardian's approval for minors. */
export async function needsApproval(db: AuditDb, eventId: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ requires: boolean }[]>`
    SELECT "requires_guardian_approval" AS "requires" FROM "events" WHERE "id" = ${eventId}`;
  return rows[0]?.requires === true;
}

/** The slip's status for this minor and event, or null without one. */
export async function slipStatusOf(
  db: AuditDb,
  eventId: number,
  childId: number,
): Promise<PermissionSlipStatus | null> {
  const rows = await db.$queryRaw<{ status: PermissionSlipStatus }[]>`
    SELECT "status" FROM "permission_slips" WHERE "event_id" = ${eventId} AND "child_id" = ${childId}`;
  return rows[0]?.status ?? null;
}

/**
 * Asks (again) for these minors' slips: a new pending slip, or an old one (declined, expired) made pending with
 * a new deadline. Answers each child's request time, which versions the messages to their guardians.
 */
export async function requestSlips(
  db: AuditDb,
  eventId: number,
  childIds: number[],
  now: Date,
  expiresAt: Date,
): Promise<Map<number, Date>> {
  const requested = new Map<number, Date>();
  for (const childId of childIds) {
    await db.$executeRaw`
      INSERT INTO "permission_slips" ("event_id", "child_id", "status", "requested_at", "expires_at")
      VALUES (${eventId}, ${childId}, 'pending', ${now}, ${expiresAt})
      ON CONFLICT ("event_id", "child_id") DO UPDATE
         SET "status" = 'pending', "requested_at" = EXCLUDED."requested_at", "expires_at" = EXCLUDED."expires_at",
             "decided_at" = NULL, "decided_by" = NULL`;
    requested.set(childId, now);
  }
  return requested;
}

/**
 * Decides a pending slip that has not run out: true when this call decided it, false when there was none (already
 * answered, expired, never asked).
 */
export async function decidePending(
  db: AuditDb,
  eventId: number,
  childId: number,
  decision: 'approved' | 'declined',
  now: Date,
  decidedBy: number,
): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE "permission_slips" SET "status" = ${decision}, "decided_at" = ${now}, "decided_by" = ${decidedBy}
     WHERE "event_id" = ${eventId} AND "child_id" = ${childId} AND "status" = 'pending' AND "expires_at" > ${now}`;
  return changed > 0;
}

/** A guardian replied for their child: the slip is approved by them, whatever it was (or a new one). */
export async function recordApproval(
  db: AuditDb,
  eventId: number,
  childId: number,
  now: Date,
  decidedBy: number,
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "permission_slips" ("event_id", "child_id", "status", "requested_at", "expires_at", "decided_at", "decided_by")
    VALUES (${eventId}, ${childId}, 'approved', ${now}, ${now}, ${now}, ${decidedBy})
    ON CONFLICT ("event_id", "child_id") DO UPDATE
       SET "status" = 'approved', "decided_at" = EXCLUDED."decided_at", "decided_by" = EXCLUDED."decided_by"`;
}

/** The minor gave the held spot back themselves: the question to their guardians is withdrawn. */
export async function withdrawPending(db: AuditDb, eventId: number, childId: number): Promise<void> {
  await db.$executeRaw`
    DELETE FROM "permission_slips"
     WHERE "event_id" = ${eventId} AND "child_id" = ${childId} AND "status" = 'pending'`;
}

/** Expires this event's pending slips past their deadline; answers the minors whose slip this call expired. */
export async function expireDue(db: AuditDb, eventId: number, now: Date): Promise<number[]> {
  const rows = await db.$queryRaw<{ child_id: number }[]>`
    UPDATE "permission_slips" SET "status" = 'expired', "decided_at" = ${now}
     WHERE "event_id" = ${eventId} AND "status" = 'pending' AND "expires_at" <= ${now}
    RETURNING "child_id"`;
  return rows.map((row) => row.child_id).sort((a, b) => a - b);
}

/** Events with a pending slip past its deadline, oldest deadline first. */
export async function eventsWithDueSlips(db: AuditDb, now: Date, limit = 100): Promise<number[]> {
  const rows = await db.$queryRaw<{ event_id: number }[]>`
    SELECT "event_id" FROM "permission_slips" WHERE "status" = 'pending' AND "expires_at" <= ${now}
     GROUP BY "event_id" ORDER BY min("expires_at"), "event_id" LIMIT ${limit}`;
  return rows.map((row) => row.event_id);
}
