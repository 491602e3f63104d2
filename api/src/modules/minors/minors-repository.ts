// Who is a minor and where their guardian's consent stands, read from users, guardian_consents,
// guardian_requests and guardianships. Age is derived here from the birth date and a cutoff date; no other
// module computes it.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { GuardianConsentState, PermissionSlipStatus, PhotoConsent } from '../../../../shared/constants';
import type { AuditDb } from '../audit/audit-repository';
import type { Viewer } from '../users/viewer';

/** A birth date as the API writes it (YYYY-MM-DD) from the DATE column (read as UTC midnight). */
export const birthDateText = (value: Date | null): string | null => (value ? value.toISOString().slice(0, 10) : null);

/**
 * The consent state of a member known to be a minor: a confirmed consent in force makes it granted; else an
 * emailed consent waiting for a leader (from a guardian whose account still exists) makes it
 * awaiting_verification; else a live request makes it pending; else required.
 */
export async function consentStateOfMinor(db: AuditDb, childId: number, now: Date): Promise<GuardianConsentState> {
  const [row] = await db.$queryRaw<{ granted: boolean; awaiting: boolean; pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "guardian_consents" c
                    WHERE c."child_id" = ${childId} AND c."withdrawn_at" IS NULL
                      AND c."verified_at" IS NOT NULL) AS "granted",
           EXISTS (SELECT 1 FROM "guardian_consents" c JOIN "users" g ON g."id" = c."guardian_id"
                    WHERE c."child_id" = ${childId} AND c."withdrawn_at" IS NULL
                      AND c."verified_at" IS NULL AND g."deleted_at" IS NULL) AS "awaiting",
           EXISTS (SELECT 1 FROM "guardian_requests" r
                    WHERE r."child_id" = ${childId} AND r."used_at" IS NULL AND r."expires_at" > ${now}) AS "pending"`;
  return consentStateOf(row);
}

/** The state from what exists, strongest first (see consentStateOfMinor). */
function consentStateOf(
  row: { granted: boolean; awaiting: boolean; pending: boolean } | undefined,
): GuardianConsentState {
  if (row?.granted) return 'granted';
  if (row?.awaiting) return 'awaiting_verification';
  return row?.pending ? 'pending' : 'required';
}

/**
 * Whether `guardianId` consented for `childId` by email and a leader has not confirmed it yet: such an account
 * is not a guardian of the child until then.
 */
export async function awaitsVerification(db: AuditDb, guardianId: number, childId: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "guardian_consents"
     WHERE "guardian_id" = ${guardianId} AND "child_id" = ${childId}
       AND "verified_at" IS NULL AND "withdrawn_at" IS NULL`;
  return rows.length > 0;
}

/** The accounts that are guardians of `childId`, oldest first. */
export async function guardianIdsOf(db: AuditDb, childId: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ guardian_id: number }[]>`
    SELECT g."guardian_id" FROM "guardianships" g JOIN "users" u ON u."id" = g."guardian_id"
     WHERE g."child_id" = ${childId} AND u."deleted_at" IS NULL AND u."status" = 'active'
     ORDER BY g."created_at", g."guardian_id"`;
  return rows.map((row) => row.guardian_id);
}

/** The active accounts `guardianId` is a guardian of, as the events' visibility rule sees them. */
export async function childViewersOf(db: AuditDb, guardianId: number): Promise<Viewer[]> {
  const rows = await db.$queryRaw<Viewer[]>`
    SELECT u."id", u."is_admin" AS "isAdmin", u."role"::text AS "role"
      FROM "guardianships" g JOIN "users" u ON u."id" = g."child_id"
     WHERE g."guardian_id" = ${guardianId} AND u."deleted_at" IS NULL AND u."status" = 'active'
     ORDER BY u."id"`;
  return rows;
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

/** What decides how a member is shown to a viewer: whether they count as a minor, and their photo consent. */
export interface ShownAsFacts {
  id: number;
  /** Younger than the consent age, or of unknown age while the organisation requires a birth date. */
  minor: boolean;
  photoConsent: PhotoConsent;
  /** The viewer is one of their guardians. */
  guarded: boolean;
}

/**
 * How each of `ids` is to be shown to `viewerId`. A member (role member) without a birth date counts as a
 * minor while `requireBirthDate` is on: until they say how old they are, they are shown as a child would be.
 * Organisers, admins and guardian accounts without one are adults who run or look after things.
 */
export async function shownAsFacts(
  db: AuditDb,
  ids: number[],
  at: { bornAfter: string; requireBirthDate: boolean },
  viewerId: number,
): Promise<Map<number, ShownAsFacts>> {
  if (!ids.length) return new Map();
  const rows = await db.$queryRaw<{ id: number; minor: boolean; photo_consent: string; guarded: boolean }[]>`
    SELECT u."id",
           CASE WHEN u."birth_date" IS NULL THEN ${at.requireBirthDate}::boolean AND u."role" = 'member'
                ELSE u."birth_date" > ${at.bornAfter}::date END AS "minor",
           u."photo_consent",
           EXISTS (SELECT 1 FROM "guardianships" g
                    WHERE g."guardian_id" = ${viewerId} AND g."child_id" = u."id") AS "guarded"
      FROM "users" u
     WHERE u."id" IN (${PrismaTypes.join(ids)})`;
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        minor: row.minor,
        photoConsent: row.photo_consent as PhotoConsent,
        guarded: row.guarded,
      },
    ]),
  );
}

/** What organisers see of an attendee's age, consent, permission slip and photo consent. */
export interface MinorFactsRow {
  id: number;
  isMinor: boolean;
  guardianConsent: GuardianConsentState;
  permissionSlip: PermissionSlipStatus | null;
  photoConsent: PhotoConsent;
}

/**
 * The organiser's view of each of `ids` for `eventId`, in one statement: a minor's consent state is worked out
 * as consentStateOfMinor does (granted, else awaiting_verification, else pending, else required).
 */
export async function minorFactsOf(
  db: AuditDb,
  ids: number[],
  eventId: number,
  bornAfter: string,
  now: Date,
): Promise<Map<number, MinorFactsRow>> {
  if (!ids.length) return new Map();
  const rows = await db.$queryRaw<
    {
      id: number;
      minor: boolean;
      granted: boolean;
      awaiting: boolean;
      pending: boolean;
      slip: string | null;
      photo_consent: string;
    }[]
  >`
    SELECT u."id",
           COALESCE(u."birth_date" > ${bornAfter}::date, false) AS "minor",
           EXISTS (SELECT 1 FROM "guardian_consents" c
                    WHERE c."child_id" = u."id" AND c."withdrawn_at" IS NULL
                      AND c."verified_at" IS NOT NULL) AS "granted",
           EXISTS (SELECT 1 FROM "guardian_consents" c JOIN "users" g ON g."id" = c."guardian_id"
                    WHERE c."child_id" = u."id" AND c."withdrawn_at" IS NULL
                      AND c."verified_at" IS NULL AND g."deleted_at" IS NULL) AS "awaiting",
           EXISTS (SELECT 1 FROM "guardian_requests" r
                    WHERE r."child_id" = u."id" AND r."used_at" IS NULL AND r."expires_at" > ${now}) AS "pending",
           (SELECT s."status" FROM "permission_slips" s
             WHERE s."event_id" = ${eventId} AND s."child_id" = u."id") AS "slip",
           u."photo_consent"
      FROM "users" u
     WHERE u."id" IN (${PrismaTypes.join(ids)})`;
  return new Map(
    rows.map((row) => {
      const consent: GuardianConsentState = row.minor ? consentStateOf(row) : 'not_needed';
      return [
        Number(row.id),
        {
          id: Number(row.id),
          isMinor: row.minor,
          guardianConsent: consent,
          permissionSlip: (row.slip as PermissionSlipStatus | null) ?? null,
          photoConsent: row.photo_consent as PhotoConsent,
        },
      ];
    }),
  );
}

/** A guardian of a minor among a notification's recipients: who to copy, and about whom. */
export interface GuardianOfRecipient {
  childId: number;
  childName: string;
  guardianId: number;
}

/**
 * The active guardians of those of `childIds` who are minors on the cutoff (born after `bornAfter`): one row
 * per guardian and child. A child who has come of age takes their own messages alone.
 */
export async function guardiansOfMinors(
  db: AuditDb,
  childIds: number[],
  bornAfter: string,
): Promise<GuardianOfRecipient[]> {
  if (!childIds.length) return [];
  const rows = await db.$queryRaw<{ child_id: number; child_name: string; guardian_id: number }[]>`
    SELECT g."child_id", c."name" AS "child_name", g."guardian_id"
      FROM "guardianships" g
      JOIN "users" c ON c."id" = g."child_id"
      JOIN "users" u ON u."id" = g."guardian_id"
     WHERE g."child_id" IN (${PrismaTypes.join(childIds)})
       AND c."birth_date" > ${bornAfter}::date
       AND u."deleted_at" IS NULL AND u."status" = 'active'
     ORDER BY g."child_id", g."guardian_id"`;
  return rows.map((row) => ({
    childId: Number(row.child_id),
    childName: row.child_name,
    guardianId: Number(row.guardian_id),
  }));
}

/** Which of `ids` are minors on the cutoff (born after `bornAfter`). */
export async function minorIdsAmong(db: AuditDb, ids: number[], bornAfter: string): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT u."id" FROM "users" u WHERE u."id" IN (${PrismaTypes.join(ids)}) AND u."birth_date" > ${bornAfter}::date`;
  return new Set(rows.map((row) => Number(row.id)));
}
