// The only code of the notifications module that talks to Prisma: recipients, the outbox rows and claims.
import type { OutboxChannel, OutboxMessage, Prisma as PrismaTypes } from '@prisma/client';

/** The client or a transaction: reminders are marked and enqueued in one transaction. */
type Db = PrismaTypes.TransactionClient;

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
}

export interface RecipientRow {
  id: number;
  googleEmail: string | null;
  linkedEmail: string | null;
  linkedEmailConfirmed: boolean;
  phoneNumber: string | null;
  phoneVerifiedAt: Date | null;
  telegramId: string | null;
  notificationPrefs: string[];
}

const recipientSelect = {
  id: true,
  googleEmail: true,
  linkedEmail: true,
  linkedEmailConfirmed: true,
  phoneNumber: true,
  phoneVerifiedAt: true,
  telegramId: true,
  notificationPrefs: true,
} satisfies PrismaTypes.UserSelect;

/** Only users who chose at least one channel can receive anything. */
const wantsSomething: PrismaTypes.UserWhereInput = { NOT: { notificationPrefs: { isEmpty: true } } };

export const findEvent = (prisma: Db, id: number) =>
  prisma.event.findUnique({
    where: { id },
    select: { id: true, name: true, date: true, location: true, isPublic: true, creatorId: true, updatedAt: true },
  });
export type EventForMessage = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** Every member but the event's creator (a public event is news to everyone else). */
export const findAllMembers = (prisma: Db, exceptUserId: number): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: { AND: [wantsSomething, { id: { not: exceptUserId } }] },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

export const findInvitees = (prisma: Db, eventId: number, exceptUserId: number): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: { AND: [wantsSomething, { id: { not: exceptUserId } }, { invitations: { some: { eventId } } }] },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

/**
 * Who may see the event: everyone while it is public; otherwise its invitees, its creator and admins (the
 * rule of visibleTo in the events repository). An RSVP does not outlive a withdrawn invitation: someone
 * who lost access is not sent the event's new date and place.
 */
function mayView(event: Pick<EventForMessage, 'id' | 'isPublic' | 'creatorId'>): PrismaTypes.UserWhereInput {
  if (event.isPublic) return {};
  return { OR: [{ isAdmin: true }, { id: event.creatorId }, { invitations: { some: { eventId: event.id } } }] };
}

/** Attendees and invitees who may still see the event, but not its creator (who made the change). */
export const findAttendeesAndInvitees = (prisma: Db, event: EventForMessage): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: {
      AND: [
        wantsSomething,
        { id: { not: event.creatorId } },
        {
          OR: [
            { attendances: { some: { eventId: event.id, status: 'attending' } } },
            { invitations: { some: { eventId: event.id } } },
          ],
        },
        mayView(event),
      ],
    },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

/** Those attending who may still see the event. */
export const findAttendees = (prisma: Db, event: EventForMessage): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: {
      AND: [wantsSomething, { attendances: { some: { eventId: event.id, status: 'attending' } } }, mayView(event)],
    },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

export const findUsersByIds = (prisma: Db, ids: number[]): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: { AND: [wantsSomething, { id: { in: ids } }] },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

export async function findTemplateText(
  prisma: Db,
  type: 'event_created' | 'event_updated',
  channel: 'email' | 'sms',
): Promise<string | null> {
  const row = await prisma.notificationTemplate.findUnique({
    where: { type_channel: { type, channel } },
    select: { template: true },
  });
  return row?.template ?? null;
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
 * Claims up to `limit` due messages for this worker until `leaseUntil`. SKIP LOCKED lets several workers
 * claim side by side without waiting on or taking each other's rows; the lease hands a dead worker's rows
 * to the next one once it runs out. Timestamps are stored as UTC without a zone, hence the AT TIME ZONE.
 */
export async function claimDue(prisma: Db, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const leaseIso = leaseUntil.toISOString();
  const claimed = await prisma.$queryRaw<Array<{ id: number }>>`
    UPDATE outbox_messages
       SET locked_until = (${leaseIso}::timestamptz AT TIME ZONE 'UTC'), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox_messages
        WHERE status = 'pending'
          AND next_attempt_at <= (${nowIso}::timestamptz AT TIME ZONE 'UTC')
          AND (locked_until IS NULL OR locked_until <= (${nowIso}::timestamptz AT TIME ZONE 'UTC'))
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (!claimed.length) return [];
  return prisma.outboxMessage.findMany({
    where: { id: { in: claimed.map((row) => Number(row.id)) } },
    orderBy: { id: 'asc' },
  });
}

// The outcome writes are single raw statements: Prisma's updateMany costs several round trips, and the worker
// makes one of these per message (they bound a 10,000-member fan-out).
const utc = (date: Date) => date.toISOString();

export const markSent = (prisma: Db, id: number, at: Date) =>
  prisma.$executeRaw`
    UPDATE outbox_messages
       SET status = 'sent', sent_at = (${utc(at)}::timestamptz AT TIME ZONE 'UTC'), locked_until = NULL,
           last_error = NULL
     WHERE id = ${id} AND status = 'pending'`;

export const markRetry = (prisma: Db, id: number, nextAttemptAt: Date, error: string) =>
  prisma.$executeRaw`
    UPDATE outbox_messages
       SET next_attempt_at = (${utc(nextAttemptAt)}::timestamptz AT TIME ZONE 'UTC'), locked_until = NULL,
           last_error = ${error.slice(0, 1000)}
     WHERE id = ${id} AND status = 'pending'`;

export const markFailed = (prisma: Db, id: number, error: string) =>
  prisma.$executeRaw`
    UPDATE outbox_messages SET status = 'failed', locked_until = NULL, last_error = ${error.slice(0, 1000)}
     WHERE id = ${id} AND status = 'pending'`;

/** Gives back claimed rows that were never tried (a worker stopping politely), without counting an attempt. */
export const releaseClaims = (prisma: Db, ids: number[]) =>
  ids.length
    ? prisma.outboxMessage.updateMany({
        where: { id: { in: ids }, status: 'pending' },
        data: { lockedUntil: null, attempts: { decrement: 1 } },
      })
    : Promise.resolve({ count: 0 });

/**
 * Marks the events whose reminder is due (starting within the lead time, not yet started, not yet reminded)
 * and returns their ids. The conditional UPDATE is the "sent once": a second worker gets no rows back.
 */
export async function takeDueReminders(prisma: Db, now: Date, leadMs: number): Promise<number[]> {
  const nowIso = now.toISOString();
  const horizonIso = new Date(now.getTime() + leadMs).toISOString();
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    UPDATE events SET reminder_sent_at = (${nowIso}::timestamptz AT TIME ZONE 'UTC')
     WHERE reminder_sent_at IS NULL
       AND date > (${nowIso}::timestamptz AT TIME ZONE 'UTC')
       AND date <= (${horizonIso}::timestamptz AT TIME ZONE 'UTC')
    RETURNING id`;
  return rows.map((row) => Number(row.id));
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
