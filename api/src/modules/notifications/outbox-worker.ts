// The delivery worker. It expands fan-out jobs into outbox rows (fan-out.ts), claims due rows (FOR UPDATE
// SKIP LOCKED, under a short lease that a heartbeat renews while the batch is being sent), sends each through
// its channel and records the outcome. Temporary failures are retried with exponential backoff (or after the
// channel's own retry_after); permanent ones are recorded with their reason. Several workers (processes) may
// run against one PostgreSQL; a killed one delays its rows by one lease, and loses or repeats nothing on our
// side (a message sent but not yet recorded when the process died goes out again with the same Message-ID).
import { randomUUID } from 'node:crypto';
import type { OutboxChannel } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { withLogContext, type Logger } from '../../logger';
import { markTelegramUnreachable } from '../users/users-repository';
import { DeliveryError, EVENT_DELETED, type ChannelSender } from './delivery';
import type { FanOut } from './fan-out';
import * as outbox from './outbox-repository';
import { createPoller } from '../../lib/poller';

export interface WorkerOptions {
  batchSize: number;
  /** How long a claim holds without a heartbeat; a worker that dies mid-batch gives its rows up after this. */
  leaseMs: number;
  /** How often a batch in hand renews its lease (well under leaseMs). */
  heartbeatMs: number;
  pollIntervalMs: number;
  /** Messages sent at the same time within one batch. */
  concurrency: number;
  maxAttempts: number;
  /** First retry delay; doubled on every further attempt, capped at maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Recipients per fan-out batch (one transaction: their outbox rows and the job's cursor). */
  fanOutBatchSize: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  batchSize: 100,
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  pollIntervalMs: 1000,
  concurrency: 10,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  fanOutBatchSize: 500,
};

export interface WorkerDeps {
  prisma: Prisma;
  logger: Logger;
  now: () => Date;
  /** Expands the fan-out jobs the use cases write (the outbox triggers provide it). */
  fanOut: FanOut;
  /** A channel left out (no bot configured) fails its messages permanently with a reason. */
  senders: Partial<Record<OutboxChannel, ChannelSender>>;
  /** Work done once per tick before delivering (refreshing settings, the reminder scan). */
  beforeTick?: (now: Date) => Promise<unknown>;
  /** Told what happens to each message and claim (the metrics); nothing is told without it. */
  observer?: DeliveryObserver;
}

/**
 * What became of one attempt: sent; due again later (a temporary failure, or the channel asked us to wait);
 * given up for good; or given up because the channel says the recipient refuses it (a blocked bot).
 */
export type DeliveryOutcome = 'sent' | 'retried' | 'failed' | 'unreachable';

export interface DeliveryObserver {
  delivered(channel: OutboxChannel, outcome: DeliveryOutcome): void;
  /** Rows this worker took over from a claim whose lease had run out (a worker that died or hung). */
  reclaimed(count: number): void;
}

const UNAVAILABLE: Record<OutboxChannel, string> = {
  email: 'Email is not available in this process',
  sms: 'SMS is not available in this process',
  telegram: 'Telegram message was not sent: no Telegram bot is configured',
};

export const PHONE_NOT_VERIFIED = 'Not sent: this phone number is not a verified number of the member';
/** A Telegram row queued before Telegram refused the member's chat for good. */
export const telegramUnreachable = (reason: string) =>
  `Not sent: Telegram cannot reach this member until they press Start in the bot (${reason})`;

function eventIdOf(payload: unknown): number | null {
  const id = (payload as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export function backoffDelay(attempts: number, options: Pick<WorkerOptions, 'backoffMs' | 'maxBackoffMs'>): number {
  return Math.min(options.backoffMs * 2 ** Math.max(0, attempts - 1), options.maxBackoffMs);
}

interface BatchFacts {
  deletedEvents: Set<number>;
  verifiedPhones: Map<number, string>;
  telegramRefusals: Map<number, { telegramId: string | null; reason: string }>;
}

export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
}

export function createOutboxWorker(deps: WorkerDeps, overrides: Partial<WorkerOptions> = {}) {
  const options = { ...DEFAULT_WORKER_OPTIONS, ...overrides };
  const { prisma, logger } = deps;
  let stopping = false;
  const poller = createPoller(options.pollIntervalMs, (name, error) =>
    logger.error({ err: error }, `notification worker ${name} failed`),
  );
  const wakeAll = () => poller.wake();

  /** Why this row must not be sent, or null. Checked at sending time: things change after queueing. */
  function refusal(row: outbox.OutboxRow, facts: BatchFacts): string | null {
    if (!deps.senders[row.channel]) return UNAVAILABLE[row.channel];
    const eventId = eventIdOf(row.payload);
    if (eventId !== null && facts.deletedEvents.has(eventId)) return EVENT_DELETED;
    // The number may have changed, or lost its verification, since queueing.
    if (row.channel === 'sms' && (row.userId === null || facts.verifiedPhones.get(row.userId) !== row.recipient)) {
      return PHONE_NOT_VERIFIED;
    }
    const refused = row.channel === 'telegram' && row.userId !== null ? facts.telegramRefusals.get(row.userId) : null;
    if (refused && refused.telegramId === row.recipient) return telegramUnreachable(refused.reason);
    return null;
  }

  async function deliverOne(row: outbox.OutboxRow, facts: BatchFacts): Promise<DeliveryOutcome> {
    try {
      const refused = refusal(row, facts);
      if (refused) throw new DeliveryError(refused, true);
      await deps.senders[row.channel]!({
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
      const { retryAfterMs, unreachable } = failure.detail;
      if (retryAfterMs !== undefined && !failure.permanent) {
        // Throttled: the channel said when; waiting is not the message's failure, so the attempt is refunded.
        const next = new Date(deps.now().getTime() + retryAfterMs);
        await outbox.markRetry(prisma, row.id, next, failure.message, true);
        return 'retried';
      }
      if (failure.permanent || row.attempts >= options.maxAttempts) {
        const reason = failure.permanent
          ? failure.message
          : `Gave up after ${row.attempts} attempts: ${failure.message}`;
        if (unreachable && row.channel === 'telegram' && row.userId !== null) {
          await markTelegramUnreachable(prisma, row.userId, row.recipient, reason, deps.now());
          facts.telegramRefusals.set(row.userId, { telegramId: row.recipient, reason });
        }
        await outbox.markFailed(prisma, row.id, reason);
        logger.warn({ outboxId: row.id, channel: row.channel, reason }, 'notification failed');
        return unreachable ? 'unreachable' : 'failed';
      }
      const next = new Date(deps.now().getTime() + backoffDelay(row.attempts, options));
      await outbox.markRetry(prisma, row.id, next, failure.message);
      return 'retried';
    }
    // Outside the try: a message that went out is never scheduled for a retry because recording it failed
    // (that error stops the tick; the row waits for its lease, the only window for a repeat).
    await outbox.markSent(prisma, row.id, deps.now());
    return 'sent';
  }

  async function batchFacts(rows: outbox.OutboxRow[]): Promise<BatchFacts> {
    const eventIds = [...new Set(rows.map((row) => eventIdOf(row.payload)).filter((id): id is number => id !== null))];
    const usersOn = (channel: OutboxChannel) => [
      ...new Set(rows.flatMap((row) => (row.channel === channel && row.userId !== null ? [row.userId] : []))),
    ];
    const [deletedEvents, verifiedPhones, telegramRefusals] = await Promise.all([
      outbox.findDeletedEvents(prisma, eventIds),
      outbox.findVerifiedPhones(prisma, usersOn('sms')),
      outbox.findTelegramRefusals(prisma, usersOn('telegram')),
    ]);
    return { deletedEvents, verifiedPhones, telegramRefusals };
  }

  /** Claims one batch and delivers it, renewing its lease meanwhile; answers how many rows were claimed. */
  async function runBatch(): Promise<DeliveryCounts & { claimed: number }> {
    const claim = randomUUID();
    const leaseFrom = (now: Date) => new Date(now.getTime() + options.leaseMs);
    const now = deps.now();
    const { rows, reclaimed } = await outbox.claimDue(prisma, now, leaseFrom(now), options.batchSize, claim);
    if (reclaimed) deps.observer?.reclaimed(reclaimed);
    const counts = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    if (!rows.length) return counts;
    const inHand = new Set(rows.map((row) => row.id));
    // The heartbeat: a slow channel (Telegram's pace, a 429's wait) never lets the lease run out under us.
    const heartbeat = setInterval(() => {
      outbox
        .renewClaims(prisma, [...inHand], claim, leaseFrom(deps.now()))
        .catch((error: unknown) => logger.warn({ err: error }, 'could not renew the outbox lease'));
    }, options.heartbeatMs);
    heartbeat.unref();
    try {
      const facts = await batchFacts(rows);
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
          // Every line logged while this row is handled (here, in a sender) names it.
          const outcome = await withLogContext({ outboxId: row.id }, () => deliverOne(row, facts));
          inHand.delete(row.id);
          deps.observer?.delivered(row.channel, outcome);
          if (outcome === 'sent') counts.sent += 1;
          else if (outcome === 'retried') counts.retried += 1;
          else counts.failed += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, lane));
      await outbox.releaseClaims(prisma, untried, claim);
    } finally {
      clearInterval(heartbeat);
    }
    return counts;
  }

  /** Expands fan-out jobs batch by batch until none is due (or the worker stops); answers the batches done. */
  async function expandJobs(): Promise<number> {
    let batches = 0;
    while (!stopping) {
      const batch = await deps.fanOut.expandNext(deps.now(), options.fanOutBatchSize);
      if (!batch) break;
      batches += 1;
      // Rows are ready: a delivery loop waiting for its next poll may start on them now.
      wakeAll();
    }
    return batches;
  }

  /** Delivers batches until nothing is due (or the worker stops). */
  async function deliverDue(): Promise<DeliveryCounts> {
    const total = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await runBatch();
      total.sent += batch.sent;
      total.retried += batch.retried;
      total.failed += batch.failed;
      if (batch.claimed < options.batchSize || stopping) return total;
    }
  }

  /** One tick: the reminder scan, every due job expanded, then every due row delivered. Tests call this. */
  async function drain(): Promise<DeliveryCounts> {
    if (deps.beforeTick) await deps.beforeTick(deps.now());
    await expandJobs();
    return deliverDue();
  }

  return {
    drain,
    /** Expansion and delivery run side by side, so the first messages go out while a big fan-out expands. */
    start(): void {
      stopping = false;
      poller.start({
        'fan-out': expandJobs,
        delivery: async () => {
          if (deps.beforeTick) await deps.beforeTick(deps.now());
          await deliverDue();
        },
      });
    },
    /**
     * Graceful stop: finishes the messages in hand and the fan-out batch in hand, gives back the rest of the
     * claimed batch (claimable again at once), and stops polling.
     */
    async stop(): Promise<void> {
      stopping = true;
      await poller.stop();
    },
    /** Runs the next tick now instead of at the next poll (after a trigger, so a message goes out at once). */
    poke(): void {
      wakeAll();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
