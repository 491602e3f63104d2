// `npx tsx tests/bench/telegram-share-bench.ts [--events N] [--cards N]` (also run by `npm run bench`).
// A benchmark, not a test: it prints figures and asserts nothing. The real system (createSystem, production
// wiring: the database pacer shared with the notification sender) against the fake Bot API enforcing
// Telegram's 30 messages/s (edits counted) with 429 + retry_after beyond it.
//
// 1. Inline-query answers per second: `@bot <text>` updates from 50 linked members, 10 in flight, over N
//    upcoming events (default 300): each is the member lookup, the search and answerInlineQuery with 20
//    cards. Baseline: the same updates answered with a fixed list (no database), what grammY and the fake cost.
// 2. Live cards: M copies of one event's card posted (default 100), one member taps 'I Will Attend' on one of
//    them; printed: the time from the tap until every copy shows the new count, split into the debounce (2 s)
//    and the edits at Telegram's pace, with the 429s seen.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../api/src/config';
import { createSystem, type System } from '../../api/src/system/create-system';
import { TELEGRAM_GLOBAL_PER_SECOND } from '../../api/src/modules/notifications/telegram-sender';
import { DEFAULT_CARD_OPTIONS } from '../../api/src/modules/telegram/shared-cards-refresher';
import {
  FAKE_BOT_INFO,
  inlineCallbackUpdate,
  inlineQueryUpdate,
  startFakeBotApi,
  type FakeBotApi,
} from '../support/fake-bot-api';
import { createBenchDatabase, step, type BenchDatabase } from './bench-kit';
import { BENCH_SECONDS } from './env';

const { values: args } = parseArgs({
  options: { events: { type: 'string', default: '300' }, cards: { type: 'string', default: '100' } },
});
const EVENTS = Number(args.events);
const CARDS = Number(args.cards);
const MEMBERS = 50;
const IN_FLIGHT = 10;
const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const QUERIES = ['', 'work', 'hall', 'bench 1', 'x'];

async function openSystem(botApi: FakeBotApi): Promise<{ system: System; bench: BenchDatabase | null; label: string }> {
  let bench: BenchDatabase | null = null;
  try {
    bench = await createBenchDatabase();
  } catch (error) {
    console.log(`  (PostgreSQL unavailable: ${(error as Error).message}; using PGlite)`);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: 'b'.repeat(64),
    DEMO_MODE: 'off',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
    TELEGRAM_API_ROOT: botApi.apiRoot,
    // The refresher is started below, on its own: nothing else sends meanwhile.
    NOTIFICATIONS_WORKER_ENABLED: 'false',
    ...(bench ? { DATABASE_URL: bench.url } : {}),
  });
  const system = await createSystem(config, {
    botInfo: FAKE_BOT_INFO,
    startBot: false,
    ...(bench ? {} : { database: { kind: 'pglite' as const } }),
  });
  return { system, bench, label: bench ? 'PostgreSQL' : 'PGlite' };
}

async function seed(system: System) {
  const { prisma } = system.deps;
  const admin = await prisma.user.create({ data: { name: 'Bench Admin', isAdmin: true, telegramId: '5000000' } });
  await prisma.user.createMany({
    data: Array.from({ length: MEMBERS }, (_, index) => ({
      name: `Member ${index}`,
      telegramId: String(5_000_001 + index),
    })),
  });
  const day = 86_400_000;
  await prisma.event.createMany({
    data: Array.from({ length: EVENTS }, (_, index) => ({
      name: index % 3 ? `Bench ${index}` : `Workshop ${index}`,
      description: 'Everyone is welcome.',
      date: new Date(Date.now() + (index + 1) * day),
      location: index % 2 ? 'Town Hall' : 'Library',
      imageUrl: '/images/events/concert.svg',
      isPublic: index % 5 !== 0,
      creatorId: admin.id,
      capacity: 1000,
    })),
  });
  return admin;
}

/** Runs `count` updates, IN_FLIGHT at a time; answers per second. */
async function rate(count: number, handle: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await handle(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function inlineQueries(system: System, botApi: FakeBotApi): Promise<void> {
  const bot = system.bot!;
  const member = (index: number) => ({ id: 5_000_001 + (index % MEMBERS), first_name: 'Member' });
  const update = (index: number) => inlineQueryUpdate(member(index), QUERIES[index % QUERIES.length]!);
  // Warm-up, then as many as BENCH_SECONDS allows at the first rate seen.
  await rate(200, (index) => bot.handleUpdate(update(index) as never));
  const probe = await rate(200, (index) => bot.handleUpdate(update(index) as never));
  const count = Math.max(200, Math.round(probe * BENCH_SECONDS));
  const ours = await rate(count, (index) => bot.handleUpdate(update(index) as never));
  const answers = botApi.callsOf('answerInlineQuery');
  const sizes = answers.slice(-count).map((call) => (call.params.results as unknown[]).length);
  // Baseline: the same round trip to the Bot API with a fixed answer (no member lookup, no search).
  const fixed = answers.at(-1)!.params.results;
  const baseline = await rate(count, (index) =>
    bot.api.answerInlineQuery(String(index), fixed, { cache_time: 5, is_personal: true }),
  );
  console.log(`  ours:     ${ours.toFixed(0)} answers/s (${count} queries, ${IN_FLIGHT} in flight)`);
  console.log(`            results per answer: ${Math.min(...sizes)}–${Math.max(...sizes)}`);
  console.log(`  baseline (fixed answer, no database): ${baseline.toFixed(0)} answers/s`);
  console.log(`  ratio ours/baseline: ${(ours / baseline).toFixed(2)}`);
}

async function liveCards(system: System, botApi: FakeBotApi, adminTelegramId: number): Promise<void> {
  const bot = system.bot!;
  const organiser = { id: adminTelegramId, first_name: 'Admin' };
  await bot.handleUpdate(inlineQueryUpdate(organiser, '') as never);
  const cardId = (botApi.callsOf('answerInlineQuery').at(-1)!.params.results as Array<{ id: string }>)[0]!.id;
  const eventId = Number(cardId.slice(1));
  const copies: string[] = [];
  for (let index = 0; index < CARDS; index += 1) {
    const { inlineMessageId, update } = botApi.postInlineResult(organiser, cardId);
    await bot.handleUpdate(update as never);
    copies.push(inlineMessageId);
  }
  const refresher = system.createCardRefresher()!;
  refresher.start();
  await new Promise((resolve) => setTimeout(resolve, 1100)); // the fake's rate window empties
  botApi.throttled.length = 0;
  try {
    const started = performance.now();
    await bot.handleUpdate(
      inlineCallbackUpdate({ id: 5_000_001, first_name: 'Member' }, `card:${eventId}:a`, copies[0]!) as never,
    );
    const tapped = performance.now();
    let firstEdit = 0;
    for (;;) {
      const edited = copies.filter((id) => /👥 1 going/.test(botApi.inlineMessages.get(id)!.text)).length;
      if (edited > 0 && !firstEdit) firstEdit = performance.now();
      if (edited === CARDS) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const done = performance.now();
    const editing = (done - firstEdit) / 1000;
    console.log(`  tap answered in ${(tapped - started).toFixed(0)} ms`);
    console.log(
      `  all ${CARDS} copies show the new count ${((done - started) / 1000).toFixed(2)} s after the tap ` +
        `(debounce ${DEFAULT_CARD_OPTIONS.debounceMs / 1000} s, first edit at ${((firstEdit - started) / 1000).toFixed(2)} s)`,
    );
    console.log(
      `  edits: ${((CARDS - 1) / editing).toFixed(1)}/s, ${((CARDS - 1) / editing / TELEGRAM_GLOBAL_PER_SECOND).toFixed(2)} ` +
        `of the limit, ${botApi.throttled.length} × 429`,
    );
  } finally {
    await refresher.stop();
  }
}

async function main(): Promise<void> {
  const botApi = await startFakeBotApi({ sendLimitPerSecond: TELEGRAM_GLOBAL_PER_SECOND, retryAfterSeconds: 1 });
  const { system, bench, label } = await openSystem(botApi);
  try {
    const admin = await step(`seeded ${EVENTS} events and ${MEMBERS} linked members (${label})`, () => seed(system));
    console.log(`\nInline mode: @bot queries over ${EVENTS} upcoming events`);
    await inlineQueries(system, botApi);
    console.log(
      `\nLive cards: ${CARDS} posted copies of one card; the fake Bot API allows ${TELEGRAM_GLOBAL_PER_SECOND}/s`,
    );
    await liveCards(system, botApi, Number(admin.telegramId));
  } finally {
    await system.stop();
    await bench?.drop();
    await botApi.stop();
  }
}

await main();
