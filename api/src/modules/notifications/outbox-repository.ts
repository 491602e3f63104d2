// The only code of the notifications module that talks to Prisma: fan-out jobs, recipients, the outbox rows
// and their claims.
import {
  $Enums,
  Prisma as PrismaTypes,
  type NotificationJob,
  type NotificationJobStatus,
  type OutboxChannel,
  type OutboxMessage,
} from '@prisma/client';
import type { Prisma } from '../../db/database';
import { ACTIVE_MEMBER } from '../users/users-repository';
import type { EventChange, MessageKind, TemplatesByLanguage } from './templates';

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

export interface RecipientRow {
  id: number;
  googleEmail: string | null;
  linkedEmail: string | null;
  linkedEmailConfirmed: boolean;
  phoneNumber: string | null;
  phoneVerifiedAt: Date | null;
  telegramId: string | null;
  telegramUnreachableAt: Date | null;
  notificationPrefs: string[];
  /** The member's saved language (null: the organisation's). */
  language: string | null;
}

const recipientSelect = {
  id: true,
  googleEmail: true,
  linkedEmail: true,
  linkedEmailConfirmed: true,
  phoneNumber: true,
  phoneVerifiedAt: true,
  telegramId: true,
  telegramUnreachableAt: true,
  notificationPrefs: true,
  language: true,
} satisfies PrismaTypes.UserSelect;

/**
 * Only users who chose at least one channel can receive anything, and a member with a guardian on record: their
 * guardians get a copy of what is sent to them (fan-out.ts) even when the member turned every channel off.
 */
const wantsSomething: PrismaTypes.UserWhereInput = {
  OR: [{ NOT: { notificationPrefs: { isEmpty: true } } }, { guardians: { some: {} } }],
};

export const findEvent = (prisma: Db, id: number) =>
  prisma.event.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      date: true,
      timeZone: true,
      location: true,
      isPublic: true,
      creatorId: true,
      sectionId: true,
      updatedAt: true,
      // A new series is announced once, saying how it repeats.
      seriesId: true,
      series: { select: { frequency: true, monthlyBy: true } },
    },
  });
export type EventForMessage = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** One page of recipients: ids after `after`, ascending, at most `limit` (the fan-out's keyset batches). */
export interface Page {
  after: number;
  limit: number;
}

/**
 * Only active members are told anything (ACTIVE_MEMBER): a pending account is not in yet, a suspended one is out,
 * and a guardian account hears only of its own children (their copies: findGuardiansByIds), never an event's news
 * in its own right, whatever invitation or reply it holds.
 */
const pageOf = (where: PrismaTypes.UserWhereInput[], page: Page) =>
  ({
    where: { AND: [wantsSomething, ACTIVE_MEMBER, { id: { gt: page.after } }, ...where] },
    select: recipientSelect,
    orderBy: { id: 'asc' },
    take: page.limit,
  }) satisfies PrismaTypes.UserFindManyArgs;

/** Every member but the event's creator: a public event is news to everyone else. */
export const findAllMembers = (prisma: Db, exceptUserId: number, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ id: { not: exceptUserId } }], page));

/** A section's members and leaders but the event's creator: a public event of a section is news to them only. */
export const findSectionMembers = (prisma: Db, sectionId: number, exceptUserId: number, page: Page) =>
  prisma.user.findMany(
    pageOf([{ id: { not: exceptUserId } }, { sectionMemberships: { some: { sectionId } } }], page),
  ) as Promise<RecipientRow[]>;

/** Those of `among` who are still invited (the creator aside). */
export const findInvitees = (
  prisma: Db,
  eventId: number,
  exceptUserId: number,
  among: number[],
  page: Page,
): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf([{ id: { not: exceptUserId } }, { id: { in: among } }, { invitations: { some: { eventId } } }], page),
  );

export async function findInviteeIds(prisma: Db, eventId: number): Promise<number[]> {
  const rows = await prisma.invitation.findMany({ where: { eventId }, select: { userId: true } });
  return rows.map((row) => row.userId);
}

/**
 * Who may see the event: everyone while it is public; otherwise its invitees, its creator and admins (the
 * rule of event-visibility-repository.ts, sections included). An RSVP does not outlive a withdrawn invitation: someone
 * who lost access is not sent the event's new date and place.
 */
function mayView(
  event: Pick<EventForMessage, 'id' | 'isPublic' | 'creatorId' | 'sectionId'>,
): PrismaTypes.UserWhereInput {
  if (event.isPublic && event.sectionId === null) return {};
  const others: PrismaTypes.UserWhereInput[] =
    event.sectionId === null
      ? []
      : [
          {
            sectionMemberships: {
              some: { sectionId: event.sectionId, ...(event.isPublic ? {} : { role: 'leader' }) },
            },
          },
        ];
  return {
    OR: [{ isAdmin: true }, { id: event.creatorId }, { invitations: { some: { eventId: event.id } } }, ...others],
  };
}

/** Attendees and invitees who may still see the event, but not its creator (who made the change). */
export const findAttendeesAndInvitees = (prisma: Db, event: EventForMessage, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf(
      [
        { id: { not: event.creatorId } },
        {
          OR: [
            { attendances: { some: { eventId: event.id, status: 'attending' } } },
            { invitations: { some: { eventId: event.id } } },
          ],
        },
        mayView(event),
      ],
      page,
    ),
  );

/** Those attending who may still see the event. */
/**
 * An edit of this and every later occurrence of a series: attendees and invitees of any of them who
 * may still see it, once each, but not the creator.
 */
export const findSeriesAttendeesAndInvitees = (
  prisma: Db,
  event: EventForMessage,
  page: Page,
): Promise<RecipientRow[]> => {
  if (event.seriesId === null) return findAttendeesAndInvitees(prisma, event, page);
  const occurrences: PrismaTypes.EventWhereInput = { seriesId: event.seriesId, date: { gte: event.date } };
  return prisma.user.findMany(
    pageOf(
      [
        { id: { not: event.creatorId } },
        {
          OR: [
            { attendances: { some: { status: 'attending', event: occurrences } } },
            { invitations: { some: { event: occurrences } } },
          ],
        },
        mayView(event),
      ],
      page,
    ),
  );
};

export const findAttendees = (prisma: Db, event: EventForMessage, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf([{ attendances: { some: { eventId: event.id, status: 'attending' } } }, mayView(event)], page),
  );

/**
 * Active accounts among `ids` with their addresses, whatever channels they ticked: for messages a member must
 * get to act (a guardian asked to approve), which the caller sends to each address it may use.
 */
export const findContactsByIds = (prisma: Db, ids: number[]): Promise<Array<RecipientRow & { name: string }>> =>
  prisma.user.findMany({
    where: { id: { in: ids }, status: 'active', deletedAt: null },
    select: { ...recipientSelect, name: true },
    orderBy: { id: 'asc' },
  });

export const findUsersByIds = (prisma: Db, ids: number[], page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ id: { in: ids } }], page));

/**
 * Guardians with their addresses, for their copies of what is sent to their children: guardian accounts
 * included (these copies are all they hear), but only while active and not erased.
 */
export const findGuardiansByIds = (prisma: Db, ids: number[]): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: { id: { in: ids }, status: 'active', deletedAt: null },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

/** Those of `ids` who may still see the event (an organiser's message), and, with `status`, still reply so. */
export const findRepliedAmong = (
  prisma: Db,
  event: EventForMessage,
  ids: number[],
  page: Page,
  status?: 'attending',
): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf(
      [
        { id: { in: ids } },
        mayView(event),
        ...(status ? [{ attendances: { some: { eventId: event.id, status } } }] : []),
      ],
      page,
    ),
  );

/** The admin's templates of this type and channel, by the language each is written in. */
export async function findTemplateTexts(
  prisma: Db,
  type: 'event_created' | 'event_updated',
  channel: 'email' | 'sms',
): Promise<TemplatesByLanguage> {
  const rows = await prisma.notificationTemplate.findMany({
    where: { type, channel },
    select: { language: true, template: true },
  });
  return Object.fromEntries(rows.map((row) => [row.language, row.template])) as TemplatesByLanguage;
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
const utc = (date: Date) => date.toISOString();

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

// ---- fan-out jobs -------------------------------------------------------------------------------------

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

/** Reports no admin has resolved yet. */
export const countOpenReports = (prisma: Db) => prisma.commentReport.count({ where: { status: 'open' } });

/** A report a safeguarding alert is about, with its event's name; null once it is gone (event or comment deleted). */
export const findReportForAlert = (prisma: Db, id: number) =>
  prisma.commentReport.findUnique({
    where: { id },
    select: { status: true, comment: { select: { event: { select: { name: true } } } } },
  });

/** Active admins (the reports digest's readers). */
export const findActiveAdmins = (prisma: Db, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ role: 'admin', status: 'active' }], page));

/** The organiser's next digest is queued for `dueAt` (raw: an edit's updated_at must not move). */
export const setDigestDue = (prisma: Db, eventId: number, dueAt: Date) =>
  prisma.$executeRaw`UPDATE events SET rsvp_digest_due_at = ${dueAt} WHERE id = ${eventId}`;

/** Where an event's RSVPs stand (the organiser's digest). */
export async function rsvpCounts(prisma: Db, eventId: number) {
  const [event, waitlisted, maybe] = await Promise.all([
    prisma.event.findUnique({ where: { id: eventId }, select: { attendingPeople: true, capacity: true } }),
    prisma.attendance.count({ where: { eventId, status: 'waitlisted' } }),
    prisma.attendance.count({ where: { eventId, status: 'maybe' } }),
  ]);
  return { attendingPeople: event?.attendingPeople ?? 0, capacity: event?.capacity ?? null, waitlisted, maybe };
}

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
