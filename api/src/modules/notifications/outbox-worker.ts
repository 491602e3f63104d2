// The delivery worker: claims due outbox rows (FOR UPDATE SKIP LOCKED, with a lease), sends each through its
// channel, and records the outcome. Temporary failures are retried with exponential backoff; permanent ones
// are recorded with their reason. Several workers (processes) may run against one PostgreSQL.
import type { OutboxChannel } from '@prisma/client';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import { DeliveryError, type ChannelSender } from './delivery';
import * as outbox from './outbox-repository';

export interface WorkerOptions {
  batchSize: number;
  /** How long a claim holds; a worker that dies mid-batch gives its rows up when this runs out. */
  leaseMs: number;
  pollIntervalMs: number;
  /** Messages sent at the same time within one batch. */
  concurrency: number;
  maxAttempts: number;
  /** First retry delay; doubled on every further attempt, capped at maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  batchSize: 100,
  leaseMs: 5 * 60_000,
  pollIntervalMs: 1000,
  concurrency: 10,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
};

export interface WorkerDeps {
  prisma: Prisma;
  logger: Logger;
  now: () => Date;
  /** A channel left out (no bot configured) fails its messages permanently with a reason. */
  senders: Partial<Record<OutboxChannel, ChannelSender>>;
  /** Work done once per tick before delivering (refreshing settings, the reminder scan). */
  beforeTick?: (now: Date) => Promise<unknown>;
}

const UNAVAILABLE: Record<OutboxChannel, string> = {
  email: 'Email is not available in this process',
  sms: 'SMS is not available in this process',
  telegram: 'Telegram message was not sent: no Telegram bot is configured',
};

export const EVENT_DELETED = 'Not sent: the event was deleted before delivery';
export const PHONE_NOT_VERIFIED = 'Not sent: this phone number is not a verified number of the member';

function eventIdOf(payload: unknown): number | null {
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export function backoffDelay(attempts: number, options: Pick<WorkerOptions, 'backoffMs' | 'maxBackoffMs'>): number {
  return Math.min(options.backoffMs * 2 ** Math.max(0, attempts - 1), options.maxBackoffMs);
}

export function createOutboxWorker(deps: WorkerDeps, overrides: Partial<WorkerOptions> = {}) {
  const options = { ...DEFAULT_WORKER_OPTIONS, ...overrides };
  const { prisma, logger } = deps;
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function deliverOne(
    row: outbox.OutboxRow,
    deletedEvents: Set<number>,
    verifiedPhones: Map<number, string>,
  ): Promise<'sent' | 'retry' | 'failed'> {
    const sender = deps.senders[row.channel];
    try {
      if (!sender) throw new DeliveryError(UNAVAILABLE[row.channel], true);
      const eventId = eventIdOf(row.payload);
      if (eventId !== null && deletedEvents.has(eventId)) throw new DeliveryError(EVENT_DELETED, true);
      // Checked again at sending time: the number may have changed, or lost its verification, since queueing.
      if (row.channel === 'sms' && (row.userId === null || verifiedPhones.get(row.userId) !== row.recipient)) {
        throw new DeliveryError(PHONE_NOT_VERIFIED, true);
      }
      await sender({
        key: row.idempotencyKey,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        html: row.html,
        payload: row.payload,
      });
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError((error as Error)?.message ?? String(error), false);
      if (failure.permanent || row.attempts >= options.maxAttempts) {
        const reason = failure.permanent
          ? failure.message
          : `Gave up after ${row.attempts} attempts: ${failure.message}`;
        await outbox.markFailed(prisma, row.id, reason);
        logger.warn({ id: row.id, channel: row.channel, reason }, 'notification failed');
        return 'failed';
      }
      const next = new Date(deps.now().getTime() + backoffDelay(row.attempts, options));
      await outbox.markRetry(prisma, row.id, next, failure.message);
      return 'retry';
    }
    // Outside the try: a message that went out is never scheduled for a retry because recording it failed
    // (that error stops the tick; the row waits for its lease, the only window for a repeat).
    await outbox.markSent(prisma, row.id, deps.now());
    return 'sent';
  }

  /** Claims one batch and delivers it; answers how many rows were claimed. */
  async function runBatch(): Promise<{ claimed: number; sent: number; retried: number; failed: number }> {
    const now = deps.now();
    const rows = await outbox.claimDue(prisma, now, new Date(now.getTime() + options.leaseMs), options.batchSize);
    const counts = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    // An event deleted after its notifications were queued: telling people about it would only confuse.
    const eventIds = [...new Set(rows.map((row) => eventIdOf(row.payload)).filter((id): id is number => id !== null))];
    const deletedEvents = await outbox.findDeletedEvents(prisma, eventIds);
    const smsUserIds = [
      ...new Set(rows.flatMap((row) => (row.channel === 'sms' && row.userId !== null ? [row.userId] : []))),
    ];
    const verifiedPhones = await outbox.findVerifiedPhones(prisma, smsUserIds);
    let next = 0;
    const untried: number[] = [];
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // A polite stop hands the rest of the batch back at once instead of waiting for the lease.
        if (stopping) {
          untried.push(row.id);
          continue;
        }
        const outcome = await deliverOne(row, deletedEvents, verifiedPhones);
        if (outcome === 'sent') counts.sent += 1;
        else if (outcome === 'retry') counts.retried += 1;
        else counts.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, lane));
    await outbox.releaseClaims(prisma, untried);
    return counts;
  }

  /** One tick: the reminder scan, then batches until nothing is due. Tests call this directly. */
  async function drain(): Promise<{ sent: number; retried: number; failed: number }> {
    const total = { sent: 0, retried: 0, failed: 0 };
    if (deps.beforeTick) await deps.beforeTick(deps.now());
    for (;;) {
      const batch = await runBatch();
      total.sent += batch.sent;
      total.retried += batch.retried;
      total.failed += batch.failed;
      if (batch.claimed < options.batchSize || stopping) return total;
    }
  }

  async function runLoop(): Promise<void> {
    while (running) {
      try {
        await drain();
      } catch (error) {
        logger.error({ err: error }, 'notification worker tick failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollIntervalMs);
      });
      wake = null;
    }
  }

  return {
    drain,
    start(): void {
      if (running) return;
      running = true;
      stopping = false;
      loop = runLoop();
    },
    /** Waits for the message in hand, gives back the rest of the batch, and stops polling. */
    async stop(): Promise<void> {
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
      loop = null;
    },
    /** Runs the next tick now instead of at the next poll (after a trigger, so a message goes out at once). */
    poke(): void {
      if (timer) clearTimeout(timer);
      wake?.();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
