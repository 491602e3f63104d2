// `npx tsx tests/bench/notify-bench.ts [--members N] [--telegram N]` (also run by `npm run bench`).
// A benchmark, not a test: it prints figures and asserts nothing.
//
// 1. Create-request latency: POST /api/events over HTTP (the real app, an admin's session) with 10 members
//    and with N members (default 10,000), median of several requests each. The request writes one fan-out
//    job whatever N is, so the ratio should be near 1. Baseline: a request that renders and inserts the N
//    outbox rows itself, as it would without fan-out jobs, timed as the same work (the job's expansion).
// 2. Email fan-out: from the create request until a local SMTP server has received all N messages (job →
//    expansion in batches → outbox → worker → nodemailer), as messages per second. Baseline: the same N
//    messages through the same email channel called directly, without the outbox and its database round
//    trips — what durability costs.
// 3. Telegram pacing: M messages (default 150) to distinct chats through our Telegram sender against the
//    fake Bot API enforcing 30 messages/s with 429 + retry_after beyond it. Baseline: the same messages fired
//    10 at a time with auto-retry but no pacing. Printed: messages/s, the ratio to the 30/s limit, and 429s.
//    (The tests check the pacing itself on a fake clock; the real-time figure is here.)
import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import { parseArgs } from 'node:util';
import { rsvpKeyboard } from '../../bot/src/keyboards';
import { createApp } from '../../api/src/app';
import { createServices } from '../../api/src/system/services';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/database';
import type { AppDeps } from '../../api/src/deps';
import { createSecretBox } from '../../api/src/lib/secrets';
import { createLogger } from '../../api/src/logger';
import { getSmtpForDelivery, saveSmtp } from '../../api/src/modules/admin/smtp-settings-service';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createEmailSender } from '../../api/src/modules/notifications/email-sender';
import { createOutboxTriggers } from '../../api/src/modules/notifications/outbox-triggers';
import { createOutboxWorker } from '../../api/src/modules/notifications/outbox-worker';
import { createTelegramSender, TELEGRAM_GLOBAL_PER_SECOND } from '../../api/src/modules/notifications/telegram-sender';
import { silentTriggers } from '../support/triggers';
import { listen } from '../../api/src/server';
import { startFakeBotApi } from '../support/fake-bot-api';
import { TestClient } from '../support/http-client';
import { startSmtpServer } from '../support/smtp';
import { createBenchDatabase, step, type BenchDatabase } from './bench-kit';

const { values: args } = parseArgs({
  options: { members: { type: 'string', default: '10000' }, telegram: { type: 'string', default: '150' } },
});
const MEMBERS = Number(args.members);
const TELEGRAM_MESSAGES = Number(args.telegram);
const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
/** Create requests timed per population (the median is printed). */
const CREATE_SAMPLES = 15;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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

const eventBody = (name: string) => ({
  name,
  description: 'Everyone is welcome.',
  date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  location: 'Town Square',
  imageUrl: '/images/events/concert.svg',
  isPublic: true,
});

async function seedMembers(deps: AppDeps, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 5000) {
    await deps.prisma.user.createMany({
      data: Array.from({ length: Math.min(5000, to - start) }, (_, index) => ({
        name: `Member ${start + index}`,
        googleEmail: `member${start + index}@bench.example.org`,
        notificationPrefs: ['email'],
      })),
    });
  }
}

async function emailFanOut(): Promise<void> {
  console.log(`\nEmail: public events for 10 and for ${MEMBERS.toLocaleString('en-US')} members with email on`);
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
  const web = await listen(createApp(deps, createServices(deps)), '127.0.0.1', 0);
  const email = createEmailSender(() => getSmtpForDelivery(deps), deps.logger);
  const worker = createOutboxWorker(
    {
      prisma: deps.prisma,
      logger: deps.logger,
      now: deps.now,
      fanOut: outbox,
      senders: { email: email.send },
      beforeTick: async () => email.refresh(),
    },
    { pollIntervalMs: 100 },
  );
  try {
    const admin = await deps.prisma.user.create({
      data: { name: 'Bench Admin', isAdmin: true, googleEmail: 'admin@bench.example.org' },
    });
    const client = new TestClient(web.url);
    client.cookies.set(SESSION_COOKIE, await createSession(deps, admin.id));
    await saveSmtp(deps, admin.id, {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      auth_user: 'bench',
      auth_pass: 'bench',
      from_email: 'events@bench.example.org',
      from_name: 'Community Events',
      enabled: true,
    });
    const create = async (name: string) => {
      const started = performance.now();
      const res = await client.post('/api/events', eventBody(name));
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      return performance.now() - started;
    };
    const createLatency = async (population: string) => {
      // Warm (JIT, pool, Prisma's query cache), so the first population is not measured cold.
      for (let index = 0; index < 5; index += 1) await create(`Warm-up ${population} ${index}`);
      const samples: number[] = [];
      for (let index = 0; index < CREATE_SAMPLES; index += 1) samples.push(await create(`${population} ${index}`));
      return median(samples);
    };

    await seedMembers(deps, 0, 10);
    const small = await createLatency('small');
    await step(`${MEMBERS} members seeded (${label})`, () => seedMembers(deps, 10, MEMBERS));
    const large = await createLatency('large');
    // Only the measured fan-out below goes out.
    await deps.prisma.notificationJob.deleteMany();
    await deps.prisma.event.deleteMany();

    // The baseline: the rendering and the N inserts a create request would do itself without fan-out jobs.
    await create('Baseline Festival');
    const baselineStarted = performance.now();
    while (await outbox.expandNext(deps.now(), MEMBERS + 1));
    const inRequestBefore = performance.now() - baselineStarted;
    await deps.prisma.outboxMessage.deleteMany();
    await deps.prisma.notificationJob.deleteMany();
    await deps.prisma.event.deleteMany();

    worker.start();
    const started = performance.now();
    await create('Bench Festival');
    await smtp.waitFor(MEMBERS, 15 * 60_000);
    const ours = performance.now() - started;
    await worker.stop();
    const sent = await deps.prisma.outboxMessage.count({ where: { status: 'sent' } });

    smtp.messages.length = 0;
    const directStarted = performance.now();
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
    const direct = performance.now() - directStarted;

    console.log(`  create request (POST /api/events, median of ${CREATE_SAMPLES}):`);
    console.log(`    10 members:     ${small.toFixed(1)} ms`);
    console.log(`    ${MEMBERS} members: ${large.toFixed(1)} ms`);
    console.log(`    ratio ${MEMBERS}/10: ${(large / small).toFixed(2)}`);
    console.log(
      `    baseline (before: the request rendered and inserted the ${MEMBERS} rows itself): ` +
        `+${seconds(inRequestBefore)} s of work in the request`,
    );
    console.log(`  fan-out: all ${MEMBERS} at the SMTP server ${seconds(ours)} s after the create (${sent} rows sent)`);
    console.log(`    ours:     ${(MEMBERS / (ours / 1000)).toFixed(0)} msgs/s (job → batches → outbox → SMTP)`);
    console.log(
      `    baseline: the email channel called directly, no outbox or database: ${(MEMBERS / (direct / 1000)).toFixed(0)} msgs/s`,
    );
    console.log(`    ratio ours/baseline throughput: ${(direct / ours).toFixed(2)}`);
  } finally {
    await worker.stop();
    email.close();
    await web.stop();
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
    const send = createTelegramSender(api(), { rsvpButtons: (eventId) => rsvpKeyboard(eventId) });
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
