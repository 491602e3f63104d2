// The real app wired by the composition root (system/create-system.ts) — outbox triggers, the delivery worker,
// and (with a fake Bot API) the bot and its webhook — against a real database, a real local SMTP server and a
// local SMS endpoint.
import type { OutboxChannel, User } from '@prisma/client';
import type { Bot } from 'grammy';
import type { BotContext } from '../../bot/src/i18n';
import type { ChannelSender } from '../../api/src/modules/notifications/delivery';
import type { OutboxTriggers } from '../../api/src/modules/notifications/outbox-triggers';
import type { createOutboxWorker, WorkerOptions } from '../../api/src/modules/notifications/outbox-worker';
import type { DatabaseKind } from '../support/databases';
import { FAKE_BOT_INFO, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { localSmtpSettings } from '../support/smtp';
import { startTestApp, withFakeBot, type TestApp } from '../support/test-app';

export interface NotifyAppOptions {
  env?: Record<string, string>;
  botApi?: FakeBotApi;
  /** Telegram sends per second for the worker's pacer (tests go faster than Telegram allows). */
  telegramPerSecond?: number;
}

export interface NotifyApp extends TestApp {
  outbox: OutboxTriggers;
  bot: Bot<BotContext> | null;
  /**
   * A worker as the composition root builds it; `wrap` may stand between it and a real channel (to simulate a
   * crash).
   */
  worker(
    options?: Partial<WorkerOptions>,
    wrap?: Partial<Record<OutboxChannel, (send: ChannelSender) => ChannelSender>>,
  ): ReturnType<typeof createOutboxWorker>;
  admin(data?: Partial<User>): Promise<{ user: User; client: TestClient }>;
  saveSmtp(admin: TestClient, port: number, enabled?: boolean): Promise<void>;
  outboxRows(): ReturnType<TestApp['deps']['prisma']['outboxMessage']['findMany']>;
  /** A clean slate between tests: no outbox rows, jobs, events or users (and, if asked, no templates). */
  reset(options?: { templates?: boolean }): Promise<void>;
}

export async function startNotifyApp(kind: DatabaseKind, options: NotifyAppOptions = {}): Promise<NotifyApp> {
  // The composition root builds the outbox triggers, the bot and its webhook; the tests start workers below.
  const app = await startTestApp(kind, {
    env: {
      ...(options.botApi ? withFakeBot(options.botApi).env : {}),
      ...options.env,
    },
    botInfo: FAKE_BOT_INFO,
    telegramPerSecond: options.telegramPerSecond ?? 1000,
  });
  const { outbox, bot } = app.system;

  let adminCount = 0;
  return {
    ...app,
    outbox,
    bot,
    // The system's own worker wiring (channels, reminder scan); `wrap` may stand between it and a channel.
    worker: (overrides = {}, wrap = {}) =>
      app.system.createWorker({ backoffMs: 1000, ...overrides }, (channels) => {
        const wrapped = { ...channels };
        for (const channel of Object.keys(wrap) as OutboxChannel[]) {
          const send = channels[channel];
          if (send) wrapped[channel] = wrap[channel]!(send);
        }
        return wrapped;
      }),
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
      const res = await admin.post('/api/smtp-settings', localSmtpSettings(port, enabled));
      if (res.status !== 200) throw new Error(`saving SMTP settings failed: ${res.status} ${res.text}`);
    },
    outboxRows: () => app.deps.prisma.outboxMessage.findMany({ orderBy: { id: 'asc' } }),
    async reset({ templates = false } = {}) {
      const { prisma } = app.deps;
      await prisma.outboxMessage.deleteMany();
      await prisma.notificationJob.deleteMany();
      await prisma.event.deleteMany();
      if (templates) await prisma.notificationTemplate.deleteMany();
      await prisma.user.deleteMany();
    },
  };
}
