// The API process: configuration, database, HTTP server; graceful shutdown on SIGINT/SIGTERM.
import type { Bot, Context } from 'grammy';
import { configureBot, createBot, createBotApi } from '../../bot/src/create-bot';
import { createTelegramSender, databasePacer } from '../../bot/src/telegram-sender';
import { botDepsFrom, mountWebhook, WEBHOOK_PATH, webhookSecret } from '../../bot/src/wire';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createLogger, type Logger } from './logger';
import { getSmtpForDelivery } from './modules/admin/smtp-settings-service';
import { AUTH_HOUSEKEEPING_INTERVAL_MS, pruneAuthState } from './modules/auth/housekeeping';
import { createEmailSender } from './modules/notifications/email-sender';
import { createOutboxWorker } from './modules/notifications/outbox-worker';
import { createSmsSender } from './modules/notifications/sms-sender';
import { startWebServer } from './server';

const ALLOWED_UPDATES = ['message', 'callback_query'] as const;
/** The reminder scan is one UPDATE; once every half minute is plenty for reminders a day ahead. */
const REMINDER_SCAN_MS = 30_000;

/**
 * Long polling without a public URL (development); otherwise Telegram calls our webhook, told our secret.
 * A Telegram outage at startup is logged and leaves the website running.
 */
async function startBot(bot: Bot<Context>, config: AppConfig, logger: Logger): Promise<void> {
  const { publicUrl } = config;
  try {
    if (publicUrl) {
      await bot.init();
      await bot.api.setWebhook(`${publicUrl}${WEBHOOK_PATH}`, {
        secret_token: webhookSecret(config),
        allowed_updates: [...ALLOWED_UPDATES],
      });
      await configureBot(bot, publicUrl);
      logger.info({ username: bot.botInfo.username, webhook: `${publicUrl}${WEBHOOK_PATH}` }, 'bot webhook set');
    } else {
      void bot
        .start({
          allowed_updates: [...ALLOWED_UPDATES],
          onStart: (info) => {
            logger.info({ username: info.username }, 'bot polling started');
            configureBot(bot, publicUrl).catch((error: unknown) => logger.warn({ err: error }, 'bot setup failed'));
          },
        })
        .catch((error: unknown) => logger.error({ err: error }, 'bot polling stopped'));
    }
  } catch (error) {
    logger.error({ err: error }, 'bot could not start; the website keeps running');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { deps, database, outbox } = await bootstrap(config, logger);
  // No bot token (demo mode, or a website-only setup): everything but Telegram works.
  const bot = config.telegram.botToken && config.telegram.botEnabled ? createBot(botDepsFrom(deps)) : null;
  const web = await startWebServer(deps, {
    beforeApi: bot && config.publicUrl ? (app) => mountWebhook(app, bot, webhookSecret(config)) : undefined,
  });
  const email = createEmailSender(() => getSmtpForDelivery(deps), logger);
  const telegramApi = bot?.api ?? createBotApi(config);
  let lastReminderScan = 0;
  const worker = config.notificationsWorkerEnabled
    ? createOutboxWorker({
        prisma: deps.prisma,
        logger,
        now: deps.now,
        senders: {
          email: email.send,
          sms: createSmsSender(config.sms, logger),
          ...(telegramApi
            ? { telegram: createTelegramSender(telegramApi, { sharedPacer: databasePacer(deps.prisma) }) }
            : {}),
        },
        beforeTick: async (now) => {
          email.refresh();
          if (now.getTime() - lastReminderScan < REMINDER_SCAN_MS) return;
          lastReminderScan = now.getTime();
          await outbox.enqueueDueReminders(now);
        },
      })
    : null;
  worker?.start();
  if (bot) await startBot(bot, config, logger);
  const housekeeping = setInterval(() => {
    pruneAuthState(deps).catch((error: unknown) => logger.warn({ err: error }, 'housekeeping failed'));
  }, AUTH_HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  const shownUrl = config.publicUrl ?? web.url;
  logger.info({ url: shownUrl, database: database.kind, demoMode: config.demoMode }, 'server started');
  process.stdout.write(`\n  Community events is running at ${shownUrl}${config.demoMode ? '  (demo mode)' : ''}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await web.stop().catch((error: unknown) => logger.error({ err: error }, 'http close failed'));
    if (bot?.isRunning()) await bot.stop().catch((error: unknown) => logger.error({ err: error }, 'bot stop failed'));
    await worker?.stop().catch((error: unknown) => logger.error({ err: error }, 'worker stop failed'));
    email.close();
    await database.close().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
});
