// `npx tsx tests/bench/notify-bench.ts [--members N] [--telegram N]` (also run by `npm run bench`).
// A benchmark, not a test: it prints figures and asserts nothing.
//
// 1. Email fan-out: an admin creates a public event for N members (default 10,000) with email on; we time
//    from the create call until a local SMTP server has received all N messages (outbox → worker →
//    nodemailer). Baseline: the same N messages through the same email channel called directly, without
//    the outbox and its database round trips — what durability costs.
// 2. Telegram pacing: M messages (default 150) to distinct chats through our Telegram sender against the
//    fake Bot API enforcing 30 messages/s with 429 + retry_after beyond it. Baseline: the same messages fired
//    10 at a time with auto-retry but no pacing. Printed: messages/s, the ratio to the 30/s limit, and 429s.
import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import { parseArgs } from 'node:util';
import { createTelegramSender, TELEGRAM_GLOBAL_PER_SECOND } from '../../bot/src/telegram-sender';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/database';
import type { AppDeps } from '../../api/src/deps';
import { createSecretBox } from '../../api/src/lib/secrets';
import { createLogger } from '../../api/src/logger';
import { getSmtpForDelivery, saveSmtp } from '../../api/src/modules/admin/smtp-settings-service';
import { createEventsService } from '../../api/src/modules/events/events-service';
import { createEmailSender } from '../../api/src/modules/notifications/email-sender';
import { createOutboxTriggers } from '../../api/src/modules/notifications/outbox-triggers';
import { createOutboxWorker } from '../../api/src/modules/notifications/outbox-worker';
import { silentTriggers } from '../../api/src/modules/notifications/triggers';
import { startFakeBotApi } from '../support/fake-bot-api';
import { startSmtpServer } from '../support/smtp';
import { createBenchDatabase, step, type BenchDatabase } from './bench-kit';

const { values: args } = parseArgs({
  options: { members: { type: 'string', default: '10000' }, telegram: { type: 'string', default: '150' } },
});
const MEMBERS = Number(args.members);
const TELEGRAM_MESSAGES = Number(args.telegram);
const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** PostgreSQL as in production when the bench database server answers; the embedded PGlite otherwise. */
async function openBenchDatabase(): Promise<{ database: Database; bench: BenchDatabase | null; label: string }> {
  try {
    const bench = await createBenchDatabase();
    return { database: await openDatabase({ kind: 'postgres', url: bench.url }, 10), bench, label: 'PostgreSQL' };
  } catch (error) {
    console.log(`  (PostgreSQL unavailable: ${(error as Error).message}; using PGlite)`);
    return { database: await openDatabase({ kind: 'pglite' }), bench: null, label: 'PGlite' };
  }
}

async function emailFanOut(): Promise<void> {
  console.log(`\nEmail: one public event for ${MEMBERS.toLocaleString('en-US')} members with email on`);
  const smtp = await startSmtpServer();
  const { database, bench, label } = await step('database opened and migrated', openBenchDatabase);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'off', SECRETS_KEY: 'b'.repeat(64) });
  const deps: AppDeps = {
    config,
    prisma: database.prisma,
    logger: createLogger('silent'),
    secrets: createSecretBox(config.secretsKey!),
    notifications: silentTriggers,
    now: () => new Date(),
  };
  const outbox = createOutboxTriggers(deps);
  deps.notifications = outbox;
  const email = createEmailSender(() => getSmtpForDelivery(deps), deps.logger);
  const worker = createOutboxWorker(
    {
      prisma: deps.prisma,
      logger: deps.logger,
      now: deps.now,
      senders: { email: email.send },
      beforeTick: async () => email.refresh(),
    },
    { pollIntervalMs: 100 },
  );
  try {
    const admin = await step(`${MEMBERS} members seeded (${label})`, async () => {
      for (let start = 0; start < MEMBERS; start += 5000) {
        await deps.prisma.user.createMany({
          data: Array.from({ length: Math.min(5000, MEMBERS - start) }, (_, index) => ({
            name: `Member ${start + index}`,
            googleEmail: `member${start + index}@bench.example.org`,
            notificationPrefs: ['email'],
          })),
        });
      }
      return deps.prisma.user.create({
        data: { name: 'Bench Admin', isAdmin: true, googleEmail: 'admin@bench.example.org' },
      });
    });
    await saveSmtp(deps, {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      auth_user: 'bench',
      auth_pass: 'bench',
      from_email: 'events@bench.example.org',
      from_name: 'Community Events',
      enabled: true,
    });
    worker.start();
    const started = performance.now();
    await createEventsService(deps).create(
      { id: admin.id, isAdmin: true },
      {
        name: 'Bench Festival',
        description: 'Everyone is welcome.',
        date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        location: 'Town Square',
        imageUrl: '/images/events/concert.svg',
        isPublic: true,
      },
    );
    const enqueued = performance.now() - started;
    await smtp.waitFor(MEMBERS, 15 * 60_000);
    const ours = performance.now() - started;
    await worker.stop();
    const sent = await deps.prisma.outboxMessage.count({ where: { status: 'sent' } });

    smtp.messages.length = 0;
    const baselineStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < MEMBERS) {
          const index = next++;
          await email.send({
            key: `baseline:${index}`,
            to: `member${index}@bench.example.org`,
            subject: 'New event: Bench Festival',
            text: 'A new event has been announced: Bench Festival',
            html: null,
            payload: null,
          });
        }
      }),
    );
    await smtp.waitFor(MEMBERS, 15 * 60_000);
    const baseline = performance.now() - baselineStarted;

    console.log(`  enqueued ${MEMBERS} outbox rows in ${seconds(enqueued)} s; ${sent} marked sent`);
    console.log(
      `  ours:     all ${MEMBERS} at the SMTP server after ${seconds(ours)} s (${(MEMBERS / (ours / 1000)).toFixed(0)} msgs/s)`,
    );
    console.log(
      `  baseline: the same email channel called directly, no outbox or database: ${seconds(baseline)} s (${(MEMBERS / (baseline / 1000)).toFixed(0)} msgs/s)`,
    );
    console.log(`  ratio ours/baseline throughput: ${(baseline / ours).toFixed(2)}`);
  } finally {
    await worker.stop();
    email.close();
    await database.close();
    await bench?.drop();
    await smtp.stop();
  }
}

async function telegramPacing(): Promise<void> {
  const limit = TELEGRAM_GLOBAL_PER_SECOND;
  console.log(`\nTelegram: ${TELEGRAM_MESSAGES} messages to distinct chats; the fake Bot API allows ${limit}/s`);
  const botApi = await startFakeBotApi({ sendLimitPerSecond: limit, retryAfterSeconds: 1 });
  const api = () => {
    const instance = new Api(TOKEN, { apiRoot: botApi.apiRoot });
    instance.config.use(autoRetry({ maxRetryAttempts: 10, maxDelaySeconds: 60 }));
    return instance;
  };
  const message = (index: number) => ({
    key: `bench:${index}`,
    to: String(1_000_000 + index),
    subject: null,
    text: `New event: Bench Festival (#${index})`,
    html: null,
    payload: { eventId: 1 },
  });
  try {
    const send = createTelegramSender(api());
    let started = performance.now();
    // The worker's lanes: 10 sends in flight, the pacer spacing them out.
    let next = 0;
    const lanes = async (deliver: (index: number) => Promise<unknown>) =>
      Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < TELEGRAM_MESSAGES) await deliver(next++);
        }),
      );
    await lanes((index) => send(message(index)));
    const ours = (performance.now() - started) / 1000;
    const oursThrottled = botApi.throttled.length;

    await new Promise((resolve) => setTimeout(resolve, 1100)); // let the fake's window empty
    botApi.throttled.length = 0;
    const naive = api();
    next = 0;
    started = performance.now();
    await lanes((index) => naive.sendMessage(message(index).to, message(index).text));
    const baseline = (performance.now() - started) / 1000;

    const rate = (seconds: number) => TELEGRAM_MESSAGES / seconds;
    console.log(
      `  ours:     ${rate(ours).toFixed(1)} msgs/s, ${(rate(ours) / limit).toFixed(2)} of the limit, ${oursThrottled} × 429`,
    );
    console.log(
      `  baseline (no pacing, auto-retry only): ${rate(baseline).toFixed(1)} msgs/s, ` +
        `${(rate(baseline) / limit).toFixed(2)} of the limit, ${botApi.throttled.length} × 429`,
    );
    console.log(`  ratio ours/baseline throughput: ${(rate(ours) / rate(baseline)).toFixed(2)}`);
  } finally {
    await botApi.stop();
  }
}

await emailFanOut();
await telegramPacing();
