// Fan-out jobs (one per change to tell people about, expanded into outbox rows in batches), the event reminders
// and the organiser's digest they come from.
import { Prisma as PrismaTypes, type NotificationJob, type NotificationJobStatus } from '@prisma/client';
import { utc, type Db } from './outbox-repository';
import type { EventChange, MessageKind } from './templates';

export type JobRow = NotificationJob;

export interface NewJob {
  kind: MessageKind;
  eventId: number;
  userIds?: number[];
  /** event_updated, series_updated: what the edit changed. */
  changedFields?: EventChange[];
  keyVersion?: string | null;
  /** Texts written when the job is (an organiser's message), instead of rendered at its first batch. */
  rendered?: PrismaTypes.InputJsonValue;
  /** Later than `now` (the organiser's digest waits for its hour). */
  dueAt?: Date;
  /** Whom its texts name besides each recipient (an organiser's message: the sender). */
  subjectUserIds?: number[];
}

/** Due at `now` on the app's clock (the worker compares with the same clock), or at the job's own dueAt. */
export async function insertJobs(prisma: Db, jobs: NewJob[], now: Date): Promise<void> {
  if (!jobs.length) return;
  await prisma.notificationJob.createMany({
    data: jobs.map(({ dueAt, ...job }) => ({
      ...job,
      userIds: job.userIds ?? [],
      subjectUserIds: job.subjectUserIds ?? [],
      nextAttemptAt: dueAt ?? now,
      createdAt: now,
    })),
  });
}

/**
 * The admins' digest of reports, due at `dueAt`, unless one is already waiting: a partial unique index keeps
 * one pending reports_digest at most, and its conflict is skipped (so a report made meanwhile joins it).
 */
export async function insertReportsDigestOnce(prisma: Db, dueAt: Date, now: Date): Promise<void> {
  await prisma.notificationJob.createMany({
    data: [
      { kind: 'reports_digest', eventId: 0, keyVersion: String(dueAt.getTime()), nextAttemptAt: dueAt, createdAt: now },
    ],
    skipDuplicates: true,
  });
}

/** The organiser's next digest is queued for `dueAt` (raw: an edit's updated_at must not move). */
export const setDigestDue = (prisma: Db, eventId: number, dueAt: Date) =>
  prisma.$executeRaw`UPDATE events SET rsvp_digest_due_at = ${dueAt} WHERE id = ${eventId}`;

/**
 * Marks the events whose reminder is due (starting within the lead time, not yet started, not yet reminded)
 * and returns their ids. The conditional UPDATE is the "sent once": a second worker gets no rows back.
 */
export async function takeDueReminders(
  prisma: Db,
  now: Date,
  leadMs: number,
): Promise<Array<{ id: number; date: Date }>> {
  const nowIso = now.toISOString();
  const horizonIso = new Date(now.getTime() + leadMs).toISOString();
  const rows = await prisma.$queryRaw<Array<{ id: number; date_ms: number }>>`
    UPDATE events SET reminder_sent_at = (${nowIso}::timestamptz AT TIME ZONE 'UTC')
     WHERE reminder_sent_at IS NULL
       AND date > (${nowIso}::timestamptz AT TIME ZONE 'UTC')
       AND date <= (${horizonIso}::timestamptz AT TIME ZONE 'UTC')
    RETURNING id, (EXTRACT(EPOCH FROM date) * 1000)::float8 AS date_ms`;
  return rows.map((row) => ({ id: Number(row.id), date: new Date(Math.round(Number(row.date_ms))) }));
}

/**
 * Raw on purpose: Prisma's update would also bump updated_at, which versions the 'event updated' key, so a
 * repeated trigger for the same edit would look like a new edit and notify everyone twice.
 */
export const resetReminder = (prisma: Db, eventId: number) =>
  prisma.$executeRaw`UPDATE events SET reminder_sent_at = NULL WHERE id = ${eventId} AND reminder_sent_at IS NOT NULL`;

/**
 * Locks the next due job for the rest of the caller's transaction. SKIP LOCKED: a job another worker is
 * expanding right now is passed over, and a worker that dies mid-batch releases its lock with its connection
 * (its uncommitted batch vanishes with it), so there is no lease to wait for.
 */
export async function lockNextJob(prisma: Db, now: Date): Promise<JobRow | null> {
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM notification_jobs
     WHERE status = 'pending' AND next_attempt_at <= (${utc(now)}::timestamptz AT TIME ZONE 'UTC')
     ORDER BY id
     LIMIT 1
     FOR UPDATE SKIP LOCKED`;
  if (!rows.length) return null;
  return prisma.notificationJob.findUnique({ where: { id: Number(rows[0]!.id) } });
}

/** A batch done: the cursor moves (and the texts are kept) in the transaction that inserted its rows. */
export async function saveJobProgress(
  prisma: Db,
  id: number,
  progress: { cursor: number; rendered?: PrismaTypes.InputJsonValue; done: boolean; now: Date },
): Promise<void> {
  await prisma.notificationJob.update({
    where: { id },
    data: {
      cursor: progress.cursor,
      ...(progress.rendered === undefined ? {} : { rendered: progress.rendered }),
      ...(progress.done ? { status: 'done', finishedAt: progress.now, lastError: null } : {}),
    },
  });
}

export async function closeJob(
  prisma: Db,
  id: number,
  status: NotificationJobStatus,
  now: Date,
  reason: string | null,
): Promise<void> {
  await prisma.notificationJob.update({ where: { id }, data: { status, finishedAt: now, lastError: reason } });
}

/** A batch that failed (its transaction rolled back): try again later, or give up after `maxAttempts`. */
export async function deferJob(
  prisma: Db,
  id: number,
  nextAttemptAt: Date,
  error: string,
  maxAttempts: number,
): Promise<void> {
  await prisma.$executeRaw`
    UPDATE notification_jobs
       SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
           next_attempt_at = (${utc(nextAttemptAt)}::timestamptz AT TIME ZONE 'UTC'),
           status = CASE WHEN attempts + 1 >= ${maxAttempts} THEN 'failed'::"NotificationJobStatus" ELSE status END
     WHERE id = ${id} AND status = 'pending'`;
}
