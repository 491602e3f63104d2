// The calendar feed benchmark: a member's personal feed with 500 events they attend, as a calendar
// app polls it — repeats with If-None-Match (304, two tiny queries) against full answers (the .ics built) —
// beside GET /api/events for the same member. It prints figures and asserts nothing about speed.
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createCalendarService } from '../../api/src/modules/calendar/calendar-service';
import { createSystem } from '../../api/src/system/create-system';
import { benchAppConfig } from './api/app-config';
import { startCompiledApp } from './api/compiled-app';
import {
  createBenchDatabase,
  loadFor,
  printComparison,
  step,
  type BenchDatabase,
  type ChildServer,
  type LoadTarget,
} from './bench-kit';
import { BENCH_SECONDS, BENCH_WARMUP_SECONDS } from './env';

const FEED_EVENTS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

async function prepare(database: BenchDatabase): Promise<{ feedPath: string; cookie: string }> {
  const { deps, stop } = await createSystem(benchAppConfig(database.url));
  try {
    const { prisma } = deps;
    const admin = await prisma.user.create({ data: { name: 'Organiser', isAdmin: true } });
    const member = await prisma.user.create({ data: { name: 'Calendar fan' } });
    const start = Date.now() + DAY_MS;
    await prisma.event.createMany({
      data: Array.from({ length: FEED_EVENTS }, (_, index) => ({
        name: `Club night ${index + 1}`,
        description: 'Music, games and good company. Bring a friend.',
        date: new Date(start + index * (DAY_MS / 2)),
        timeZone: 'Europe/Berlin',
        location: 'Youth centre, hall B',
        imageUrl: '/images/events/concert.svg',
        creatorId: admin.id,
      })),
    });
    const events = await prisma.event.findMany({ select: { id: true } });
    await prisma.attendance.createMany({
      data: events.map((event) => ({ eventId: event.id, userId: member.id, status: 'attending' as const })),
    });
    const { url } = await createCalendarService(deps).feedSettings(member.id, 'http://127.0.0.1');
    const token = await createSession(deps, member.id);
    return { feedPath: new URL(url).pathname, cookie: `${SESSION_COOKIE}=${token}` };
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  console.log(`Calendar feed benchmark: a member's feed with ${FEED_EVENTS} events`);
  const database = await createBenchDatabase();
  let server: ChildServer | null = null;
  try {
    const { feedPath, cookie } = await step(`seeded ${FEED_EVENTS} events the member attends`, () => prepare(database));
    server = await step('started our app (compiled, as `npm run serve`)', () => startCompiledApp(database.url));
    const first = await fetch(`${server.url}${feedPath}`);
    const body = await first.text();
    const tag = first.headers.get('etag')!;
    const entries = body.match(/BEGIN:VEVENT/g)?.length ?? 0;
    if (first.status !== 200 || entries !== FEED_EVENTS || !tag) {
      throw new Error(`the feed answered ${first.status} with ${entries} events and ETag ${tag}`);
    }
    console.log(`  the feed: ${entries} events, ${(body.length / 1024).toFixed(0)} KB plain`);

    // Building a feed is CPU work: two connections keep the server busy without a queue that outlasts the run.
    const feed = { url: server.url, paths: [feedPath], connections: 2 };
    const conditional = { url: server.url, paths: [feedPath], headers: { 'if-none-match': tag }, expectStatus: 304 };
    const list = { url: server.url, paths: ['/api/events'], headers: { cookie } };
    // One after another, each after a warm-up: a fresh feed is heavy enough that its queue would spill into a
    // neighbour's measurement if they were interleaved.
    const measure = async (target: LoadTarget) => {
      await loadFor(target, BENCH_WARMUP_SECONDS);
      return loadFor(target, BENCH_SECONDS);
    };
    const repeats = {
      ours: await step('loaded the feed with If-None-Match', () => measure(conditional)),
      baseline: await step('loaded the feed fresh', () => measure(feed)),
    };
    const listed = await step('loaded GET /api/events for the same member', () => measure(list));
    printComparison(
      `Calendar feed with ${FEED_EVENTS} events (ratio = first / second)`,
      [
        { label: 'GET /api/calendar/{token}.ics: If-None-Match (304) / fresh (200, 2 connections)', ...repeats },
        {
          label: `GET /api/events (${FEED_EVENTS} events) / fresh feed (200, 2 connections)`,
          ours: listed,
          baseline: repeats.baseline,
        },
      ],
      ['first', 'second'],
    );
  } finally {
    await server?.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nCalendar benchmark failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
