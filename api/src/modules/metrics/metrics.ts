// The Prometheus metrics of one process: one registry, made once by the composition root when METRICS_PORT is
// set, and the instruments it hands out (the request timer, the delivery worker's observer, the Telegram
// client's 429 counter). What lives in the database (the outbox, the backups record, the pool) is read at each
// scrape. No label carries personal data: channels, outcomes, methods, route patterns and status codes only.
import type { OutboxChannel } from '@prisma/client';
import type { Transformer } from 'grammy';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../../db/adapters';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import { newestBackupAt, type BackupsDb } from '../backups/backups-repository';
import { pendingByChannel, type PendingOnChannel } from '../notifications/outbox-repository';
import type { DeliveryObserver, DeliveryOutcome } from '../notifications/outbox-worker';

const CHANNELS: OutboxChannel[] = ['email', 'sms', 'telegram'];
const OUTCOMES: DeliveryOutcome[] = ['sent', 'retried', 'failed', 'unreachable'];

/** Where the scrape-time gauges read from. */
export interface MetricsSources {
  prisma: Prisma;
  backups: BackupsDb;
  connections: () => PoolUse;
  now: () => Date;
  logger: Logger;
}

export interface Metrics {
  registry: Registry;
  /** Labelled method, route (the pattern: http/route-pattern.ts) and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Given to every outbox worker of the process. */
  delivery: DeliveryObserver;
  /** A grammY transformer for every Bot API client (the bot's and the senders'), closest to the wire. */
  telegramCalls: Transformer;
}

const secondsSince = (now: Date, then: Date) => Math.max(0, (now.getTime() - then.getTime()) / 1000);

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // The event loop's delay sampled every 50 ms, not prom-client's 10: a fifth of the wake-ups, and still every
  // stall an operator alerts on (over 0.2 s) is seen; nodejs_eventloop_lag_seconds itself is probed at scrape.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });

  /** A scrape-time read shared by the gauges it feeds (a scrape collects them side by side). */
  function sharedRead<T>(read: () => Promise<T>): () => Promise<T | null> {
    let inFlight: Promise<T | null> | null = null;
    return () =>
      (inFlight ??= read()
        .catch((error: unknown) => {
          // The rest of the scrape is still answered; these gauges are left out of it.
          sources.logger.warn({ err: error }, 'metrics: a database read failed');
          return null;
        })
        .finally(() => {
          inFlight = null;
        }));
  }
  const readOutbox = sharedRead(() => pendingByChannel(sources.prisma));
  /** Sets one outbox gauge per channel; after a failed read it holds no series rather than stale ones. */
  async function fromOutbox(gauge: Gauge<'channel'>, value: (row: PendingOnChannel, now: Date) => number) {
    const rows = await readOutbox();
    gauge.reset();
    const now = sources.now();
    for (const row of rows ?? []) gauge.set({ channel: row.channel }, value(row, now));
  }

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long their answers took.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Messages waiting in the outbox to be sent (or sent again), by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      return fromOutbox(this, (row) => row.pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Seconds since the oldest message still waiting in the outbox was queued, by channel (0: none waits).',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      return fromOutbox(this, (row, now) => (row.oldestCreatedAt ? secondsSince(now, row.oldestCreatedAt) : 0));
    },
  });

  const sent = new Counter({
    name: 'notifications_sent_total',
    help: 'Delivery attempts of the outbox worker by channel and outcome (sent, retried, failed, unreachable).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  // Every series from the start, so a rate over the first message counts it.
  for (const channel of CHANNELS) for (const outcome of OUTCOMES) sent.inc({ channel, outcome }, 0);

  const rateLimited = new Counter({
    name: 'telegram_rate_limited_total',
    help: "Telegram's 429 Too Many Requests answers to this process (the bot's calls and the senders').",
    registers: [registry],
  });
  const reclaimed = new Counter({
    name: 'outbox_claims_reclaimed_total',
    help: 'Outbox messages this process took over from a claim whose lease had run out.',
    registers: [registry],
  });

  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections checked out of the pool (PostgreSQL; always 0 on PGlite, which has no pool).',
    registers: [registry],
    collect() {
      this.set(sources.connections().inUse);
    },
  });
  new Gauge({
    name: 'db_pool_connections_waiting',
    help: 'Queries waiting for a free pool connection (PostgreSQL; always 0 on PGlite, which has no pool).',
    registers: [registry],
    collect() {
      this.set(sources.connections().waiting);
    },
  });

  const readBackup = sharedRead(() => newestBackupAt(sources.backups));
  new Gauge({
    name: 'backup_last_success_age_seconds',
    help: 'Seconds since the newest recorded backup was taken (NaN: none recorded, or the record unreadable).',
    registers: [registry],
    async collect() {
      const at = await readBackup();
      this.set(at ? secondsSince(sources.now(), at) : Number.NaN);
    },
  });

  return {
    registry,
    requestDuration,
    delivery: {
      delivered: (channel, outcome) => sent.inc({ channel, outcome }),
      reclaimed: (count) => reclaimed.inc(count),
    },
    telegramCalls: async (prev, method, payload, signal) => {
      const answer = await prev(method, payload, signal);
      if (!answer.ok && answer.error_code === 429) rateLimited.inc();
      return answer;
    },
  };
}
