// The outbox rows and their claims: queueing messages, the worker claiming, renewing and settling them, and what it
// checks just before a send. Fan-out jobs are in jobs-repository.ts, recipients and message data in
// recipients-repository.ts.
import { $Enums, Prisma as PrismaTypes, type OutboxChannel, type OutboxMessage } from '@prisma/client';
import type { Prisma } from '../../db/database';

/**
 * The client or a transaction. A trigger writes its job with the transaction of the change it reports, so
 * the change and its notifications commit together or not at all.
 */
export type Db = PrismaTypes.TransactionClient;

/** Runs `work` as one transaction: the unit of work for steps that must commit together or not at all. */
export const inTransaction = <T>(
  prisma: Prisma,
  work: (tx: Db) => Promise<T>,
  limits?: { timeout?: number; maxWait?: number },
): Promise<T> => prisma.$transaction(work, limits);

export type OutboxRow = OutboxMessage;

export interface NewOutboxMessage {
  idempotencyKey: string;
  kind: string;
  channel: OutboxChannel;
  userId: number | null;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  payload?: PrismaTypes.InputJsonValue;
  /** Whom its texts name besides the recipient (erasing one of them scrubs it). */
  subjectUserIds?: number[];
}

const CHUNK = 1000;

/**
 * Inserts the messages, due at `now` (the app's clock, which the worker compares with); a key seen before is
 * skipped, so a trigger that runs twice sends nothing twice.
 */
export async function enqueue(prisma: Db, messages: NewOutboxMessage[], now: Date): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < messages.length; start += CHUNK) {
    const result = await prisma.outboxMessage.createMany({
      data: messages.slice(start, start + CHUNK).map((message) => ({ ...message, nextAttemptAt: now, createdAt: now })),
      skipDuplicates: true,
    });
    inserted += result.count;
  }
  return inserted;
}

/**
 * Forgets what was delivered or given up before `before`: sent rows by when they were sent, failed ones by when
 * they were queued, and finished fan-out jobs (their kept texts) by when they finished. Pending work stays.
 */
export async function pruneFinished(prisma: Db, before: Date): Promise<{ messages: number; jobs: number }> {
  const messages = await prisma.outboxMessage.deleteMany({
    where: {
      OR: [
        { status: 'sent', sentAt: { lt: before } },
        { status: 'sent', sentAt: null, createdAt: { lt: before } },
        { status: 'failed', createdAt: { lt: before } },
      ],
    },
  });
  const jobs = await prisma.notificationJob.deleteMany({
    where: {
      status: { in: ['done', 'failed'] },
      OR: [{ finishedAt: { lt: before } }, { finishedAt: null, createdAt: { lt: before } }],
    },
  });
  return { messages: messages.count, jobs: jobs.count };
}

/** A claimed batch, and how many of its rows were taken over from a claim whose lease had run out. */
export interface Claimed {
  rows: OutboxRow[];
  reclaimed: number;
}

/**
 * Claims up to `limit` due messages for this worker until `leaseUntil`, under the claim token `claim`. SKIP
 * LOCKED lets several workers claim side by side without waiting on or taking each other's rows; the lease
 * (renewed by the claim's heartbeat while it sends) hands a dead worker's rows to the next one once it runs
 * out (such a row still names the dead claim: every outcome clears claimed_by). Timestamps are stored as UTC
 * without a zone, hence the AT TIME ZONE.
 */
export async function claimDue(
  prisma: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
  claim: string,
): Promise<Claimed> {
  const nowIso = now.toISOString();
  const leaseIso = leaseUntil.toISOString();
  const claimed = await prisma.$queryRaw<Array<{ id: number; reclaimed: boolean }>>`
    WITH due AS (
      SELECT id, claimed_by IS NOT NULL AS reclaimed FROM outbox_messages
       WHERE status = 'pending'
         AND next_attempt_at <= (${nowIso}::timestamptz AT TIME ZONE 'UTC')
         -- A message queued before its member was suspended stays unsent.
         AND (user_id IS NULL OR NOT EXISTS (
           SELECT 1 FROM users u WHERE u.id = outbox_messages.user_id AND u.status = 'suspended'))
         AND (locked_until IS NULL OR locked_until <= (${nowIso}::timestamptz AT TIME ZONE 'UTC'))
       ORDER BY next_attempt_at, id
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED)
    UPDATE outbox_messages
       SET locked_until = (${leaseIso}::timestamptz AT TIME ZONE 'UTC'), claimed_by = ${claim},
           attempts = attempts + 1
      FROM due
     WHERE outbox_messages.id = due.id
    RETURNING outbox_messages.id, due.reclaimed`;
  if (!claimed.length) return { rows: [], reclaimed: 0 };
  const rows = await prisma.outboxMessage.findMany({
    where: { id: { in: claimed.map((row) => Number(row.id)) } },
    orderBy: { id: 'asc' },
  });
  return { rows, reclaimed: claimed.filter((row) => row.reclaimed).length };
}

/** Pending messages of one channel: how many, and when the oldest of them was queued (null: none). */
export interface PendingOnChannel {
  channel: OutboxChannel;
  pending: number;
  oldestCreatedAt: Date | null;
}

/** What waits in the outbox, per channel (every channel, none waiting included): one index-backed scan. */
export async function pendingByChannel(prisma: Db): Promise<PendingOnChannel[]> {
  const rows = await prisma.$queryRaw<Array<{ channel: OutboxChannel; pending: number; oldest: Date }>>`
    SELECT channel, count(*)::int AS pending, min(created_at) AS oldest
      FROM outbox_messages WHERE status = 'pending' GROUP BY channel`;
  const found = new Map(rows.map((row) => [row.channel, row]));
  return Object.values($Enums.OutboxChannel).map((channel) => {
    const row = found.get(channel);
    return {
      channel,
      pending: row ? Number(row.pending) : 0,
      oldestCreatedAt: row?.oldest ?? null,
    };
  });
}

// The outcome writes are single raw statements: Prisma's updateMany costs several round trips, and the worker
// makes one of these per message (they bound a 10,000-member fan-out).
export const utc = (date: Date) => date.toISOString();

/** The heartbeat: extends the lease of the claim's rows still in hand. Rows another claim took are left alone. */
export const renewClaims = (prisma: Db, ids: number[], claim: string, leaseUntil: Date) =>
  ids.length
    ? prisma.$executeRaw`
        UPDATE outbox_messages SET locked_until = (${utc(leaseUntil)}::timestamptz AT TIME ZONE 'UTC')
         WHERE id IN (${PrismaTypes.join(ids)}) AND claimed_by = ${claim} AND status = 'pending'`
    : Promise.resolve(0);

export const markSent = (prisma: Db, id: number, at: Date) =>
  prisma.$executeRaw`
    UPDATE outbox_messages
       SET status = 'sent', sent_at = (${utc(at)}::timestamptz AT TIME ZONE 'UTC'), locked_until = NULL,
           claimed_by = NULL, last_error = NULL
     WHERE id = ${id} AND status = 'pending'`;

/** Due again at `nextAttemptAt`. `refund`: the attempt does not count (the channel throttled us). */
export const markRetry = (prisma: Db, id: number, nextAttemptAt: Date, error: string, refund = false) =>
  prisma.$executeRaw`
    UPDATE outbox_messages
       SET next_attempt_at = (${utc(nextAttemptAt)}::timestamptz AT TIME ZONE 'UTC'), locked_until = NULL,
           claimed_by = NULL, last_error = ${error.slice(0, 1000)},
           attempts = CASE WHEN ${refund} THEN GREATEST(attempts - 1, 0) ELSE attempts END
     WHERE id = ${id} AND status = 'pending'`;

export const markFailed = (prisma: Db, id: number, error: string) =>
  prisma.$executeRaw`
    UPDATE outbox_messages
       SET status = 'failed', locked_until = NULL, claimed_by = NULL, last_error = ${error.slice(0, 1000)}
     WHERE id = ${id} AND status = 'pending'`;

/** Gives back claimed rows that were never tried (a worker stopping politely), without counting an attempt. */
export const releaseClaims = (prisma: Db, ids: number[], claim: string) =>
  ids.length
    ? prisma.$executeRaw`
        UPDATE outbox_messages SET locked_until = NULL, claimed_by = NULL, attempts = GREATEST(attempts - 1, 0)
         WHERE id IN (${PrismaTypes.join(ids)}) AND claimed_by = ${claim} AND status = 'pending'`
    : Promise.resolve(0);

/**
 * A pacer shared by every instance: reserves the next free send slot under `key`, spaced `intervalMs` apart
 * across all processes, and answers the slot's time (epoch ms). The slot sequence lives in the rate-limit
 * table (reset_at = the end of the last reserved slot), so the housekeeping drops it when idle.
 */
export async function reserveSendSlot(prisma: Db, key: string, intervalMs: number): Promise<number> {
  const seconds = intervalMs / 1000;
  const rows = await prisma.$queryRaw<Array<{ slot_ms: number }>>`
    INSERT INTO rate_limit_buckets AS b (key, count, reset_at)
    VALUES (${key}, 1, (clock_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = b.count + 1,
      reset_at = GREATEST(b.reset_at, clock_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => ${seconds})
    RETURNING (EXTRACT(EPOCH FROM reset_at) * 1000 - ${intervalMs})::float8 AS slot_ms`;
  return Number(rows[0]?.slot_ms ?? 0);
}

/**
 * The verified phone number of each of these users (those without one are left out). The worker checks each
 * SMS against it just before sending: a number changed or unverified since the message was queued gets none.
 */
export async function findVerifiedPhones(prisma: Db, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const users = await prisma.user.findMany({
    where: { id: { in: userIds }, phoneVerifiedAt: { not: null }, phoneNumber: { not: null } },
    select: { id: true, phoneNumber: true },
  });
  return new Map(users.map((user) => [user.id, user.phoneNumber!]));
}

/** Which of these event ids no longer exist (deleted after their notifications were queued). */
export async function findDeletedEvents(prisma: Db, eventIds: number[]): Promise<Set<number>> {
  if (!eventIds.length) return new Set();
  const existing = await prisma.event.findMany({ where: { id: { in: eventIds } }, select: { id: true } });
  const alive = new Set(existing.map((event) => event.id));
  return new Set(eventIds.filter((id) => !alive.has(id)));
}

/**
 * The Telegram refusals on record for these users: user id → the refused chat and Telegram's reason. Checked
 * before each Telegram send, so rows queued before the refusal are not tried against a closed door.
 */
export async function findTelegramRefusals(
  prisma: Db,
  userIds: number[],
): Promise<Map<number, { telegramId: string | null; reason: string }>> {
  if (!userIds.length) return new Map();
  const users = await prisma.user.findMany({
    where: { id: { in: userIds }, telegramUnreachableAt: { not: null } },
    select: { id: true, telegramId: true, telegramUnreachableReason: true },
  });
  return new Map(
    users.map((user) => [user.id, { telegramId: user.telegramId, reason: user.telegramUnreachableReason ?? '' }]),
  );
}
