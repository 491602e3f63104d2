// Who is a minor and where their guardian's consent stands, read from users, guardian_consents,
// guardian_requests and guardianships. Age is derived here from the birth date and a cutoff date; no other
// module computes it.
import type { GuardianConsentState } from '../../../../shared/constants';
import type { AuditDb } from '../audit/audit-repository';

/** A birth date as the API writes it (YYYY-MM-DD) from the DATE column (read as UTC midnight). */
export const birthDateText = (value: Date | null): string | null => (value ? value.toISOString().slice(0, 10) : null);

/** The consent state of a member known to be a minor. */
export async function consentStateOfMinor(db: AuditDb, childId: number, now: Date): Promise<GuardianConsentState> {
  const [row] = await db.$queryRaw<{ granted: boolean; pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "guardian_consents" c
                    WHERE c."child_id" = ${childId} AND c."withdrawn_at" IS NULL) AS "granted",
           EXISTS (SELECT 1 FROM "guardian_requests" r
                    WHERE r."child_id" = ${childId} AND r."used_at" IS NULL AND r."expires_at" > ${now}) AS "pending"`;
  if (row?.granted) return 'granted';
  return row?.pending ? 'pending' : 'required';
}

/** The accounts that are guardians of `childId`, oldest first. */
export async function guardianIdsOf(db: AuditDb, childId: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ guardian_id: number }[]>`
    SELECT g."guardian_id" FROM "guardianships" g JOIN "users" u ON u."id" = g."guardian_id"
     WHERE g."child_id" = ${childId} AND u."deleted_at" IS NULL AND u."status" = 'active'
     ORDER BY g."created_at", g."guardian_id"`;
  return rows.map((row) => row.guardian_id);
}

/** Whether `guardianId` is a guardian of `childId`. */
export async function isGuardianOf(db: AuditDb, guardianId: number, childId: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "guardianships" WHERE "guardian_id" = ${guardianId} AND "child_id" = ${childId}`;
  return rows.length > 0;
}

/** The member's birth date as stored, for callers that know only who they are (the bot's viewer). */
export async function findBirthDate(db: AuditDb, userId: number): Promise<Date | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { birthDate: true } });
  return row?.birthDate ?? null;
}

/**
 * Saves a birth date the member gives themselves: only while none is saved, so two saves at once (or a second
 * one) cannot overwrite it. Answers whether this save wrote it.
 */
export async function saveFirstBirthDate(db: AuditDb, userId: number, birthDate: string): Promise<boolean> {
  const written = await db.$executeRaw`
    UPDATE "users" SET "birth_date" = ${birthDate}::date, "updated_at" = now()
     WHERE "id" = ${userId} AND "birth_date" IS NULL AND "deleted_at" IS NULL`;
  return written === 1;
}

/** An admin's correction of a birth date. */
export async function saveBirthDate(db: AuditDb, userId: number, birthDate: string): Promise<void> {
  await db.$executeRaw`UPDATE "users" SET "birth_date" = ${birthDate}::date, "updated_at" = now() WHERE "id" = ${userId}`;
}
