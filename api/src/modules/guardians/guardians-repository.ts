// The guardian tables as the consent flow writes them: guardian_requests (emailed links, only the token's
// SHA-256 kept), guardianships (who is a guardian of whom) and guardian_consents (what was given, by whom, how).
import { Prisma as PrismaTypes } from '@prisma/client';
import type { ConsentMethod, StoredRsvpStatus } from '../../../../shared/constants';
import type { AuditDb } from '../audit/audit-repository';
import type { UserRow } from '../users/users-repository';

/** Consent requests made for `childId` since `since`. */
export async function countRequestsSince(db: AuditDb, childId: number, since: Date): Promise<number> {
  return db.guardianRequest.count({ where: { childId, createdAt: { gt: since } } });
}

/** Serialises a member's consent requests (their count is the cap). */
export async function lockMember(db: AuditDb, userId: number): Promise<void> {
  await db.$queryRaw`SELECT 1 FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
}

export async function insertRequest(
  db: AuditDb,
  request: {
    childId: number;
    email: string;
    tokenHash: string;
    tokenSealed: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<number> {
  const row = await db.guardianRequest.create({ data: request, select: { id: true } });
  return row.id;
}

export interface OpenRequestRow {
  id: number;
  email: string;
  tokenSealed: string | null;
  expiresAt: Date;
  /** The consent email's outbox row, when one was queued: pending, sent or failed. */
  emailStatus: 'pending' | 'sent' | 'failed' | null;
}

/** The child's newest request that is neither used nor expired, with the state of its email; null if none. */
export async function openRequestOf(db: AuditDb, childId: number, now: Date): Promise<OpenRequestRow | null> {
  const row = await db.guardianRequest.findFirst({
    where: { childId, usedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, email: true, tokenSealed: true, expiresAt: true },
  });
  if (!row) return null;
  const email = await db.outboxMessage.findUnique({
    where: { idempotencyKey: `guardian_consent:${row.id}` },
    select: { status: true },
  });
  return { ...row, emailStatus: email?.status ?? null };
}

export interface RequestRead {
  id: number;
  childId: number;
  childName: string;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

/** A request by its token's hash, with the child's name; null when unknown or the child's account is erased. */
export async function findRequest(db: AuditDb, tokenHash: string): Promise<RequestRead | null> {
  const row = await db.guardianRequest.findUnique({
    where: { tokenHash },
    include: { child: { select: { name: true, deletedAt: true } } },
  });
  if (!row || row.child.deletedAt) return null;
  return {
    id: row.id,
    childId: row.childId,
    childName: row.child.name,
    email: row.email,
    expiresAt: row.expiresAt,
    usedAt: row.usedAt,
    createdAt: row.createdAt,
  };
}

/**
 * Spends a request: one conditional update, so of two consents with the same link at once exactly one wins
 * (the other's update waits for the first and then matches nothing). Answers whether this one spent it.
 */
export async function claimRequest(db: AuditDb, id: number, userId: number, now: Date): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE "guardian_requests" SET "used_at" = ${now}, "used_by" = ${userId}
     WHERE "id" = ${id} AND "used_at" IS NULL AND "expires_at" > ${now}`;
  return claimed === 1;
}

/** Whether the account has ever replied to an event or commented: it has taken part as a member. */
export async function hasTakenPart(db: AuditDb, userId: number): Promise<boolean> {
  const [row] = await db.$queryRaw<{ took_part: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "attendances" WHERE "user_id" = ${userId})
        OR EXISTS (SELECT 1 FROM "comments" WHERE "user_id" = ${userId}) AS "took_part"`;
  return row?.took_part ?? false;
}

/**
 * The account becomes a guardian account: admitted (no membership approval), seeing only its children. A
 * calendar feed it made meanwhile goes: its link would list the organisation's events without a session.
 */
export async function makeGuardianAccount(db: AuditDb, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { role: 'guardian', status: 'active' } });
  await db.calendarFeed.deleteMany({ where: { userId } });
}

export async function addGuardianship(db: AuditDb, guardianId: number, childId: number, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "guardianships" ("guardian_id", "child_id", "created_at") VALUES (${guardianId}, ${childId}, ${now})
    ON CONFLICT DO NOTHING`;
}

export async function insertConsent(
  db: AuditDb,
  consent: {
    childId: number;
    guardianId: number | null;
    method: ConsentMethod;
    textVersion: number;
    requestEmail: string | null;
    note: string | null;
    recordedBy: number | null;
    grantedAt: Date;
    /** When it became valid: `grantedAt` when valid at once, null while a leader has to confirm it. */
    verifiedAt: Date | null;
    requestId: number | null;
  },
): Promise<number> {
  const row = await db.guardianConsent.create({ data: consent, select: { id: true } });
  return row.id;
}

/** Stamps the child's consents in force as withdrawn; answers how many there were. */
export async function withdrawConsents(db: AuditDb, childId: number, by: number, now: Date): Promise<number> {
  const result = await db.guardianConsent.updateMany({
    where: { childId, withdrawnAt: null },
    data: { withdrawnAt: now, withdrawnBy: by },
  });
  return result.count;
}

/** What a leader's decision writes on a consent that waits: confirmed, or withdrawn. */
const DECISION = {
  verify: (by: number, now: Date) => PrismaTypes.sql`"verified_at" = ${now}, "verified_by" = ${by}`,
  reject: (by: number, now: Date) => PrismaTypes.sql`"withdrawn_at" = ${now}, "withdrawn_by" = ${by}`,
} as const;

/**
 * A leader's decision on the guardian's emailed consent for the child, only while it waits (not confirmed, not
 * withdrawn), so of two decisions at once exactly one wins. Answers the ids it changed (none: nothing waited).
 */
export async function decideAwaitingConsent(
  db: AuditDb,
  decision: keyof typeof DECISION,
  childId: number,
  guardianId: number,
  by: number,
  now: Date,
): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE "guardian_consents" SET ${DECISION[decision](by, now)}
     WHERE "child_id" = ${childId} AND "guardian_id" = ${guardianId}
       AND "verified_at" IS NULL AND "withdrawn_at" IS NULL
    RETURNING "id"`;
  return rows.map((row) => Number(row.id));
}

export interface AwaitingRow {
  child_id: number;
  child_name: string;
  guardian_id: number;
  guardian_name: string;
  request_email: string | null;
  google_sub: string | null;
  google_email: string | null;
  linked_email: string | null;
  linked_email_confirmed: boolean;
  telegram_id: string | null;
  telegram_username: string | null;
  is_demo: boolean;
  account_created_at: Date;
  requested_at: Date | null;
  granted_at: Date;
}

/**
 * Emailed consents waiting for a leader, newest first (of `childId` only, when given): children and guardian
 * accounts that still exist. A guardian who consented twice for the same child is one entry (the newest).
 */
export async function listAwaiting(db: AuditDb, childId?: number): Promise<AwaitingRow[]> {
  const only = childId === undefined ? PrismaTypes.empty : PrismaTypes.sql`AND c."child_id" = ${childId}`;
  return db.$queryRaw<AwaitingRow[]>`
    SELECT DISTINCT ON (c."child_id", c."guardian_id")
           c."child_id", k."name" AS "child_name", c."guardian_id", g."name" AS "guardian_name",
           c."request_email", g."google_sub", g."google_email", g."linked_email", g."linked_email_confirmed",
           g."telegram_id", g."telegram_username", g."is_demo", g."created_at" AS "account_created_at",
           r."created_at" AS "requested_at", c."granted_at"
      FROM "guardian_consents" c
      JOIN "users" k ON k."id" = c."child_id" AND k."deleted_at" IS NULL
      JOIN "users" g ON g."id" = c."guardian_id" AND g."deleted_at" IS NULL
      LEFT JOIN "guardian_requests" r ON r."id" = c."request_id"
     WHERE c."verified_at" IS NULL AND c."withdrawn_at" IS NULL ${only}
     ORDER BY c."child_id", c."guardian_id", c."granted_at" DESC`;
}

export interface ChildRow {
  id: number;
  name: string;
  birthDate: Date | null;
  photoConsent: string;
  role: string;
}

const CHILD_SELECT = { id: true, name: true, birthDate: true, photoConsent: true, role: true } as const;

/** The guardian's children whose accounts still exist, by name. */
export async function childrenOf(db: AuditDb, guardianId: number): Promise<ChildRow[]> {
  const rows = await db.guardianship.findMany({
    where: { guardianId, child: { deletedAt: null } },
    select: { child: { select: CHILD_SELECT } },
  });
  return rows.map((row) => row.child).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** The children whose emailed consent by `guardianId` waits for a leader, by name. */
export async function awaitingChildrenOf(db: AuditDb, guardianId: number): Promise<ChildRow[]> {
  const rows = await db.guardianConsent.findMany({
    where: { guardianId, verifiedAt: null, withdrawnAt: null, child: { deletedAt: null } },
    select: { child: { select: CHILD_SELECT } },
  });
  const unique = new Map(rows.map((row) => [row.child.id, row.child]));
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** A member whose account still exists, whole (the age rules read it). */
export const findMember = (db: AuditDb, id: number): Promise<UserRow | null> =>
  db.user.findFirst({ where: { id, deletedAt: null } });

export async function findChild(db: AuditDb, childId: number): Promise<ChildRow | null> {
  return db.user.findFirst({ where: { id: childId, deletedAt: null }, select: CHILD_SELECT });
}

export interface UpcomingReplyRow {
  userId: number;
  eventId: number;
  name: string;
  date: Date;
  status: StoredRsvpStatus;
  /** While the place is held for payment: until when. */
  paymentHoldUntil: Date | null;
  /** The event's fee per member; null: free. */
  fee: { amount: number; currency: string } | null;
}

/** The children's replies that hold or ask for a place at events not started yet, soonest first. */
export async function upcomingRepliesOf(
  db: AuditDb,
  childIds: number[],
  statuses: readonly StoredRsvpStatus[],
  now: Date,
): Promise<UpcomingReplyRow[]> {
  if (!childIds.length) return [];
  const rows = await db.attendance.findMany({
    where: { userId: { in: childIds }, status: { in: [...statuses] }, event: { date: { gt: now } } },
    select: {
      userId: true,
      status: true,
      paymentHoldUntil: true,
      event: { select: { id: true, name: true, date: true, feeAmount: true, feeCurrency: true } },
    },
    orderBy: [{ event: { date: 'asc' } }, { eventId: 'asc' }],
  });
  return rows.map(({ event, ...row }) => ({
    userId: row.userId,
    eventId: event.id,
    name: event.name,
    date: event.date,
    status: row.status as StoredRsvpStatus,
    paymentHoldUntil: row.paymentHoldUntil,
    fee:
      event.feeAmount !== null && event.feeCurrency !== null
        ? { amount: event.feeAmount, currency: event.feeCurrency }
        : null,
  }));
}

export async function savePhotoConsent(db: AuditDb, childId: number, photoConsent: string): Promise<void> {
  await db.user.update({ where: { id: childId }, data: { photoConsent } });
}
