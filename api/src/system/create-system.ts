// The composition root: builds every service once from configuration — database (migrated), dependencies,
// notification triggers, the HTTP app, the bot, the delivery worker and the schedulers — and returns them with
// one start() and one stop(). main.ts, the tests and the benchmarks all use this; nothing else wires the
// product together.
import type { Express } from 'express';
import type { Bot } from 'grammy';
import type { BotContext } from '../../../bot/src/i18n';
import type { UserFromGetMe } from 'grammy/types';
import { createBot, createBotApi } from '../../../bot/src/create-bot';
import { rsvpKeyboard, slipKeyboard } from '../../../bot/src/keyboards';
import type { Language } from '../../../shared/i18n/languages';
import { createTelegramSender } from '../modules/notifications/telegram-sender';
import { databasePace, pacedCalls } from '../modules/notifications/telegram-pace';
import { createApp } from '../app';
import { bootstrapAdmins, developmentSecretsKey } from '../bootstrap';
import { adoptOrganisationTimeZone } from '../modules/calendar/time-zones-repository';
import { organisationTimeZone } from '../modules/organisation/organisation-service';
import type { AppConfig } from '../config';
import type { DatabaseTarget } from '../db/adapters';
import { openDatabase, type Database } from '../db/database';
import { openSessionLock } from '../db/session-lock';
import type { AppDeps } from '../deps';
import { createSecretBox } from '../lib/secrets';
import { createLogger, type Logger } from '../logger';
import { getSmtpForDelivery } from '../modules/admin/smtp-settings-service';
import { seedDemo } from '../modules/auth/demo';
import { createBackupScheduler, type BackupScheduler } from '../modules/backups/backup-scheduler';
import { backupsDbOfPrisma } from '../modules/backups/backups-repository';
import { createBackupsService, type BackupsService } from '../modules/backups/backups-service';
import { offersWaitlist } from '../modules/events/rsvp-repository';
import { withHotReads } from '../modules/events/hot-reads';
import { createEmailSender } from '../modules/notifications/email-sender';
import { createOutboxTriggers, type OutboxTriggers } from '../modules/notifications/outbox-triggers';
import {
  createOutboxWorker,
  type OutboxWorker,
  type WorkerDeps,
  type WorkerOptions,
} from '../modules/notifications/outbox-worker';
import { createSmsSender } from '../modules/notifications/sms-sender';
import type { NotificationTriggers } from '../modules/notifications/triggers';
import { withRequestIds } from '../http/request-id';
import { listen, type RunningServer } from '../server';
import { createMetrics, type Metrics } from '../modules/metrics/metrics';
import { metricsEndpoint, withRequestMetrics } from '../modules/metrics/metrics-http';
import type { CardRefresher, CardRefresherOptions } from '../modules/telegram/shared-cards-refresher';
import { botDepsFrom, mountWebhook, startBot, webhookSecret } from './telegram-bot';
import type { BotPolling } from './bot-polling';
import { HOUSEKEEPING_INTERVAL_MS, pruneExpired } from './housekeeping';
import { createServices, type Services } from './services';
import { createTelegramCards } from './telegram-cards';

/** The reminder scan is one UPDATE; once every half minute is plenty for reminders a day ahead. */
const REMINDER_SCAN_MS = 30_000;
/** Recurring series gain occurrences a week or a month at a time: an hourly top-up keeps 52 ahead. */
const SERIES_EXTENSION_MS = 60 * 60_000;
/** After this long a stop gives up waiting (a hung request or send) and the process may exit anyway. */
const STOP_DEADLINE_MS = 10_000;

type Senders = WorkerDeps['senders'];

export interface SystemOptions {
  logger?: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Another database than the configured one (tests: in-memory PGlite, a routed PostgreSQL URL). */
  database?: DatabaseTarget;
  /** Where the built web app is served from (default dist/webapp). */
  webappDir?: string;
  /** The bot's identity when known ahead: no getMe call (tests with a fake Bot API). */
  botInfo?: UserFromGetMe;
  /** Worker tuning (tests shorten backoffs). */
  worker?: Partial<WorkerOptions>;
  /** Telegram sends per second of this process's pacer (tests go faster than Telegram allows). */
  telegramPerSecond?: number;
  /** Whether start() starts taking the bot's updates (webhook or polling); tests feed updates themselves. */
  startBot?: boolean;
  /** Stands in for the outbox triggers (tests that record what the use cases announce). */
  notifications?: NotificationTriggers;
  /** Told the SQL of every query the app sends (tests count queries). */
  onQuery?: (sql: string) => void;
}

export interface System {
  config: AppConfig;
  deps: AppDeps;
  /** Every use-case service, built once. */
  services: Services;
  database: Database;
  app: Express;
  outbox: OutboxTriggers;
  bot: Bot<BotContext> | null;
  /** The worker start() runs (NOTIFICATIONS_WORKER_ENABLED), or null. */
  worker: OutboxWorker | null;
  /** Another worker on the same channels (tests run workers of their own; `decorate` may wrap a channel). */
  createWorker(tuning?: Partial<WorkerOptions>, decorate?: (channels: Senders) => Senders): OutboxWorker;
  /** The refresher start() runs with the worker (shared Telegram cards), or null without a bot. */
  cards: CardRefresher | null;
  /** Another card refresher (tests shorten the debounce and drain it themselves); null without a bot. */
  createCardRefresher(tuning?: Partial<CardRefresherOptions>): CardRefresher | null;
  /** Backups of this system's database into the configured backups folder. */
  backups: BackupsService;
  /** The one metrics registry and its instruments (METRICS_PORT set), or null: nothing is measured. */
  metrics: Metrics | null;
  /** The metrics listener start() opened (METRICS_PORT set), or null. */
  metricsServer(): RunningServer | null;
  /** The nightly backup; start() starts it when BACKUP_ENABLED (tests drive runOnce themselves). */
  backupScheduler: BackupScheduler;
  /** Listens (on the configured host and port unless given), then starts the worker, the bot and the schedulers. */
  start(at?: { host?: string; port?: number }): Promise<RunningServer>;
  /**
   * The start of a graceful stop (SIGTERM): readiness answers 503 at once while every request, in flight or new,
   * is still served for `ms`, so a load balancer takes the instance out before its listener closes.
   */
  drain(ms: number): Promise<void>;
  /** Stops everything in order: no new requests, in-flight ones finish, the bot and worker stop, the database closes. */
  stop(): Promise<void>;
}

export async function createSystem(config: AppConfig, options: SystemOptions = {}): Promise<System> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const target = options.database ?? config.database;
  const database = await openDatabase(target, config.databasePoolSize, {
    auditRetentionDays: config.auditRetentionDays,
    onQuery: options.onQuery,
    onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  });
  const now = options.now ?? (() => new Date());
  const deps: AppDeps = {
    config,
    prisma: database.prisma,
    logger,
    secrets: createSecretBox(config.secretsKey ?? (await developmentSecretsKey(config))),
    // Set just below: the triggers need the rest of deps.
    notifications: undefined as unknown as AppDeps['notifications'],
    now,
  };
  const outbox = createOutboxTriggers(deps);
  deps.notifications = options.notifications ?? outbox;
  const services = createServices(deps);
  const { rsvp, series } = services;
  await bootstrapAdmins(deps);
  await adoptOrganisationTimeZone(deps.prisma, await organisationTimeZone(deps));
  if (config.demoMode) await seedDemo(deps);

  const metrics = config.metrics
    ? createMetrics({
        prisma: deps.prisma,
        backups: backupsDbOfPrisma(database.prisma),
        connections: database.connections,
        now,
        logger,
      })
    : null;
  // Counts Telegram's 429s; first of the transformers, so it sees each answer as it comes off the wire.
  const countedCalls = metrics ? [metrics.telegramCalls] : [];

  // Every instance's Telegram calls take turns from one pace in the database (telegram-pace.ts); tests that go
  // faster than Telegram allows (telegramPerSecond) pace each process on its own.
  const pace = options.telegramPerSecond ? null : databasePace(deps.prisma);
  // No bot token (demo mode, or a website-only setup): everything but Telegram works.
  const bot =
    config.telegram.botToken && config.telegram.botEnabled
      ? createBot(botDepsFrom(deps, services), {
          ...(options.botInfo ? { botInfo: options.botInfo } : {}),
          // Whatever the bot sends in answer to a member goes at the replies' share of the pace.
          transformers: [...countedCalls, ...(pace ? [pacedCalls(pace, logger)] : [])],
        })
      : null;
  const backups = createBackupsService(
    database.pglite
      ? { kind: 'pglite', pglite: database.pglite }
      : { kind: 'postgres', url: (target as { url: string }).url },
    config.backups,
    { now, logger, db: backupsDbOfPrisma(database.prisma), defaultTimeZone: config.notificationsTimeZone },
  );
  const backupScheduler = createBackupScheduler(backups, {
    dailyAtUtc: config.backups.dailyAtUtc,
    catchUpDelayMs: config.backups.catchUpDelayMs,
    now,
    logger,
  });
  // Set at SIGTERM: readiness answers 503 while requests are still served (drain()).
  let draining = false;
  const { hour, minute } = config.backups.dailyAtUtc;
  const app = createApp(deps, services, {
    webappDir: options.webappDir,
    backups: {
      service: backups,
      dailyAtUtc: config.backups.enabled ? `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` : null,
    },
    // Telegram calls the webhook only with a public URL; without one the bot polls, and grammY will not poll a
    // bot whose webhook is mounted. A bot this system does not start (tests) keeps it, to be handed updates.
    beforeApi:
      bot && (config.publicUrl || options.startBot === false)
        ? (express) => mountWebhook(express, bot, webhookSecret(config))
        : undefined,
    isDraining: () => draining,
  });

  const email = createEmailSender(() => getSmtpForDelivery(deps), logger);
  // Notifications and card edits call Telegram on a client of their own: the sender and the refresher take the
  // bulk share's slots themselves (within each chat's turn), not the replies'.
  const telegramApi = createBotApi(config, countedCalls);
  // Shared event cards: the Mini App's prepared messages, and the refresher that keeps posted cards live.
  const telegramCards = telegramApi
    ? createTelegramCards(deps, telegramApi, { perSecond: options.telegramPerSecond })
    : null;
  deps.telegramCards = telegramCards?.prepared;
  const cards = telegramCards && config.notificationsWorkerEnabled ? telegramCards.createRefresher() : null;
  // A full event's notification offers 'Join the waitlist' to whoever is not already in.
  const rsvpButtons = async (eventId: number, chatId: string, language: Language) =>
    rsvpKeyboard(eventId, await offersWaitlist(deps.prisma, eventId, chatId), language);
  const senders: WorkerDeps['senders'] = {
    email: email.send,
    sms: createSmsSender(config.sms, logger),
    ...(telegramApi
      ? {
          telegram: createTelegramSender(
            telegramApi,
            pace
              ? { rsvpButtons, slipButtons: slipKeyboard, sharedPacer: pace.bulk, sharedGroupTurn: pace.groupTurn }
              : { rsvpButtons, slipButtons: slipKeyboard, perSecond: options.telegramPerSecond },
          ),
        }
      : {}),
  };

  /** A delivery worker on this system's channels; each runs the reminder scan at most every REMINDER_SCAN_MS. */
  function createWorker(tuning: Partial<WorkerOptions> = {}, decorate: (channels: Senders) => Senders = (c) => c) {
    let lastReminderScan = Number.NEGATIVE_INFINITY;
    let lastSeriesExtension = Number.NEGATIVE_INFINITY;
    return createOutboxWorker(
      {
        prisma: deps.prisma,
        logger,
        now,
        fanOut: outbox,
        senders: decorate(senders),
        observer: metrics?.delivery,
        beforeTick: async (tick) => {
          email.refresh();
          // Idempotent and safe beside other instances: each series is extended under its row lock.
          if (tick.getTime() - lastSeriesExtension >= SERIES_EXTENSION_MS) {
            lastSeriesExtension = tick.getTime();
            await series.extendAll();
          }
          if (tick.getTime() - lastReminderScan < REMINDER_SCAN_MS) return;
          lastReminderScan = tick.getTime();
          await outbox.enqueueDueReminders(tick);
          // Leaders' checks running out or run out, and events that still lack leaders.
          await services.leaders.scanDue(tick);
          // Spots freed behind the RSVP path (a deleted account) go to the waitlist.
          await rsvp.promoteFreedSpots();
          // Spots held for a guardian who did not answer in time are released (and the waitlist moves up).
          await services.slips.expireDue();
          // Places held for a payment that did not come are released (the waitlist moves up), those who owe
          // are reminded 3 days before, and whoever paid for a deleted event is refunded.
          await rsvp.expirePaymentHolds();
          await services.paymentReminders.sendDue(tick);
          await services.refunds.refundDeletedEvents();
          // Answers to sensitive registration questions past SENSITIVE_ANSWERS_DAYS after their event.
          await services.questions.purgeDue();
        },
      },
      { ...options.worker, ...tuning },
    );
  }
  const worker = config.notificationsWorkerEnabled ? createWorker() : null;

  let web: RunningServer | null = null;
  let metricsServer: RunningServer | null = null;
  let housekeeping: NodeJS.Timeout | null = null;
  let polling: BotPolling | null = null;
  let stopped: Promise<void> | null = null;

  async function start(at: { host?: string; port?: number } = {}): Promise<RunningServer> {
    // The events list and an event's details for a signed-in browser are answered in front of Express.
    // Every request gets its id first (echoed, and on each log line), then the hot reads, then Express.
    const served = withRequestIds(withHotReads(deps, services.events, app));
    web = await listen(
      metrics ? withRequestMetrics(metrics, served) : served,
      at.host ?? config.host,
      at.port ?? config.port,
    );
    // On a port of its own, so it is never exposed where the app is.
    if (metrics && config.metrics) {
      metricsServer = await listen(metricsEndpoint(metrics, logger), config.metrics.host, config.metrics.port);
    }
    worker?.start();
    cards?.start();
    if (bot && options.startBot !== false) {
      // On PostgreSQL several instances may run: one polls, chosen by an advisory lock on its own connection.
      const lock = target.kind === 'postgres' ? openSessionLock(target.url, 'telegram-bot-polling') : null;
      polling = await startBot(bot, config, logger, lock);
    }
    housekeeping = setInterval(() => {
      pruneExpired(deps, services).catch((error: unknown) => logger.warn({ err: error }, 'housekeeping failed'));
    }, HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
    if (config.backups.enabled) backupScheduler.start();
    return web;
  }

  async function stopAll(): Promise<void> {
    const report = (what: string) => (error: unknown) => logger.error({ err: error }, `${what} failed`);
    if (housekeeping) clearInterval(housekeeping);
    // A backup being written finishes before the database closes under it.
    await backupScheduler.stop().catch(report('backup scheduler stop'));
    await web?.stop().catch(report('http close'));
    // Scraped until the app stops serving: a drain shows on the dashboards.
    await metricsServer?.stop().catch(report('metrics close'));
    await polling?.stop().catch(report('bot stop'));
    await worker?.stop().catch(report('worker stop'));
    await cards?.stop().catch(report('card refresher stop'));
    email.close();
    await database.close().catch(report('database close'));
  }

  return {
    config,
    deps,
    services,
    database,
    app,
    outbox,
    bot,
    worker,
    createWorker,
    cards,
    backups,
    backupScheduler,
    metrics,
    metricsServer: () => metricsServer,
    createCardRefresher: (tuning) => telegramCards?.createRefresher(tuning) ?? null,
    start,
    async drain(ms) {
      draining = true;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    },
    stop() {
      stopped ??= Promise.race([
        stopAll(),
        new Promise<void>((resolve) => setTimeout(resolve, STOP_DEADLINE_MS).unref()),
      ]);
      return stopped;
    },
  };
}
