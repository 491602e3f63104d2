// The real app wired the way main.ts wires it — outbox triggers, the delivery worker, and (with a fake Bot API)
// the bot and its webhook — against a real database, a real local SMTP server and a local SMS endpoint.
import type { OutboxChannel, User } from '@prisma/client';
import { Router } from 'express';
import type { Bot, Context } from 'grammy';
import { createBot } from '../../bot/src/create-bot';
import { createTelegramSender } from '../../bot/src/telegram-sender';
import { botDepsFrom, mountWebhook, webhookSecret } from '../../bot/src/wire';
import { getSmtpForDelivery } from '../../api/src/modules/admin/smtp-settings-service';
import type { ChannelSender } from '../../api/src/modules/notifications/delivery';
import { createEmailSender } from '../../api/src/modules/notifications/email-sender';
import { createOutboxTriggers, type OutboxTriggers } from '../../api/src/modules/notifications/outbox-triggers';
import { createOutboxWorker, type WorkerOptions } from '../../api/src/modules/notifications/outbox-worker';
import { createSmsSender } from '../../api/src/modules/notifications/sms-sender';
import type { NotificationTriggers } from '../../api/src/modules/notifications/triggers';
import type { DatabaseKind } from '../support/databases';
import { FAKE_BOT_INFO, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

export interface NotifyAppOptions {
  env?: Record<string, string>;
  botApi?: FakeBotApi;
  /** Telegram sends per second for the worker's pacer (tests go faster than Telegram allows). */
  telegramPerSecond?: number;
}

export interface NotifyApp extends TestApp {
  outbox: OutboxTriggers;
  bot: Bot<Context> | null;
  /** A worker as main.ts builds it; `wrap` may stand between it and a real channel (to simulate a crash). */
  worker(
    options?: Partial<WorkerOptions>,
    wrap?: Partial<Record<OutboxChannel, (send: ChannelSender) => ChannelSender>>,
  ): ReturnType<typeof createOutboxWorker>;
  admin(data?: Partial<User>): Promise<{ user: User; client: TestClient }>;
  saveSmtp(admin: TestClient, port: number, enabled?: boolean): Promise<void>;
  outboxRows(): ReturnType<TestApp['deps']['prisma']['outboxMessage']['findMany']>;
  closeMail(): void;
}

export async function startNotifyApp(kind: DatabaseKind, options: NotifyAppOptions = {}): Promise<NotifyApp> {
  let outbox: OutboxTriggers | null = null;
  // Services capture deps.notifications when the routes are built, before the app's deps exist here.
  const late: NotificationTriggers = {
    eventCreated: (id) => outbox!.eventCreated(id),
    eventUpdated: (id, type) => outbox!.eventUpdated(id, type),
    invited: (id, ids) => outbox!.invited(id, ids),
    emailLinkRequested: (input) => outbox!.emailLinkRequested(input),
  };
  const webhookRouter = Router();
  const app = await startTestApp(kind, {
    env: {
      ...(options.botApi
        ? {
            TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
            TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
            TELEGRAM_API_ROOT: options.botApi.apiRoot,
          }
        : {}),
      ...options.env,
    },
    notifications: late,
    serverExtras: { beforeApi: (express) => express.use(webhookRouter) },
  });
  outbox = createOutboxTriggers(app.deps);
  const bot = options.botApi ? createBot(botDepsFrom(app.deps), { botInfo: FAKE_BOT_INFO }) : null;
  if (bot) mountWebhook(webhookRouter, bot, webhookSecret(app.config));
  const email = createEmailSender(() => getSmtpForDelivery(app.deps), app.deps.logger);
  const sms = createSmsSender(app.config.sms, app.deps.logger);
  const telegram = bot ? createTelegramSender(bot.api, { perSecond: options.telegramPerSecond ?? 1000 }) : undefined;

  let adminCount = 0;
  return {
    ...app,
    outbox,
    bot,
    worker: (overrides = {}, wrap = {}) =>
      createOutboxWorker(
        {
          prisma: app.deps.prisma,
          logger: app.deps.logger,
          now: app.deps.now,
          senders: {
            email: (wrap.email ?? ((send) => send))(email.send),
            sms: (wrap.sms ?? ((send) => send))(sms),
            ...(telegram ? { telegram: (wrap.telegram ?? ((send) => send))(telegram) } : {}),
          },
          beforeTick: (now) => {
            email.refresh();
            return outbox!.enqueueDueReminders(now);
          },
        },
        { backoffMs: 1000, ...overrides },
      ),
    async admin(data = {}) {
      adminCount += 1;
      return app.signedIn({
        name: `Admin ${adminCount}`,
        isAdmin: true,
        googleEmail: `admin${adminCount}-${Date.now()}@example.org`,
        ...data,
      });
    },
    async saveSmtp(admin, port, enabled = true) {
      const res = await admin.post('/api/smtp-settings', {
        host: '127.0.0.1',
        port,
        secure: false,
        auth_user: 'mailer',
        auth_pass: 'secret-pass',
        from_email: 'events@example.org',
        from_name: 'Community Events',
        enabled,
      });
      if (res.status !== 200) throw new Error(`saving SMTP settings failed: ${res.status} ${res.text}`);
    },
    outboxRows: () => app.deps.prisma.outboxMessage.findMany({ orderBy: { id: 'asc' } }),
    closeMail: () => email.close(),
    async stop() {
      email.close();
      await app.stop();
    },
  };
}
