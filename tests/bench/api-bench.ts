// The API benchmark: GET /api/events and GET /api/events/{id} as a signed-in member, our app against
// the best plain baseline (node:http + pg, counts kept on the row, one prepared statement, the same bytes) at 10
// and 50 connections in the same run; the first page with 10,000 events against 200; repeats with If-None-Match
// against full answers; with Prometheus metrics on (METRICS_PORT) against off (medians of interleaved rounds, and
// CPU time per request: bench-rounds.ts); the list with 20 sections and 10,000 members against the same data
// without sections (api/sections.ts); the list's bytes with gzip; the server's memory after a minute of load.
// Ours is the compiled server (dist/server, as production runs it); the baseline runs under tsx, which only
// makes it heavier.
// It prints figures and asserts nothing about speed; it fails only if the two servers disagree.
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem } from '../../api/src/system/create-system';
import type { EventSummary } from '../../shared/types';
import { rawGet } from '../support/http-client';
import { benchAppConfig } from './api/app-config';
import { ensureCompiledServer, startCompiledApp } from './api/compiled-app';
import { measureMetricsCost, metricsWorkPerRequest } from './api/metrics-cost';
import { measureSectionsCost, SECTION_MEMBERS, SECTIONS } from './api/sections';
import { EVENTS, LARGE_SET, SMALL_SET, seedBenchData, USERS, type SeedOptions } from './api/seed';
import {
  createBenchDatabase,
  loadFor,
  measurePair,
  printComparison,
  startServerProcess,
  step,
  type BenchDatabase,
  type ChildServer,
  type ComparisonRow,
} from './bench-kit';
import { printCost } from './bench-rounds';
import { BENCH_RSS_SECONDS } from './env';

const FIRST_PAGE = '/api/events?when=upcoming&limit=50';

/** Before any load: both servers must send the member the same bytes for the list and every event. */
async function verifySameBytes(
  ours: ChildServer,
  baseline: ChildServer,
  cookie: string,
  hiddenEventId: number,
): Promise<number[]> {
  const compare = async (path: string, status: number) => {
    const [mine, base] = [
      await rawGet(`${ours.url}${path}`, { cookie }),
      await rawGet(`${baseline.url}${path}`, { cookie }),
    ];
    if (mine.status !== status || base.status !== status) {
      throw new Error(`GET ${path} answered ${mine.status} (ours) and ${base.status} (baseline), not ${status}`);
    }
    if (status === 200 && !mine.bytes.equals(base.bytes)) {
      const at = [...mine.bytes].findIndex((byte, index) => byte !== base.bytes[index]);
      throw new Error(
        `GET ${path} differs from byte ${at}:\n  ours     ${mine.bytes.subarray(Math.max(0, at - 80), at + 80).toString()}` +
          `\n  baseline ${base.bytes.subarray(Math.max(0, at - 80), at + 80).toString()}`,
      );
    }
    return mine;
  };
  const list = await compare('/api/events', 200);
  const ids = (JSON.parse(list.bytes.toString('utf8')) as EventSummary[]).map((event) => event.id);
  for (const id of ids) await compare(`/api/events/${id}`, 200);
  await compare(`/api/events/${hiddenEventId}`, 404);
  return ids;
}

interface Prepared {
  database: BenchDatabase;
  cookie: string;
  hiddenEventId: number;
}

async function prepare(options: SeedOptions): Promise<Prepared> {
  const database = await createBenchDatabase();
  const { deps, stop } = await createSystem(benchAppConfig(database.url));
  try {
    const seeded = await seedBenchData(deps.prisma, options);
    const token = await createSession(deps, seeded.memberId);
    return { database, cookie: `${SESSION_COOKIE}=${token}`, hiddenEventId: seeded.hiddenEventId };
  } finally {
    await stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number | null) => (bytes === null ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

async function main(): Promise<void> {
  console.log('API benchmark: our app vs the best plain node:http + pg server, and our app against itself');
  const databases: BenchDatabase[] = [];
  const servers: ChildServer[] = [];
  try {
    const small = await step(`seeded ${USERS} users, ${EVENTS} events with invitations and RSVPs`, () =>
      prepare(SMALL_SET),
    );
    databases.push(small.database);
    const large = await step(`seeded a second database: ${LARGE_SET.events} events, half of them past`, () =>
      prepare(LARGE_SET),
    );
    databases.push(large.database);

    await step('compiled the server if its sources changed (dist/server, as `npm start` does)', () =>
      ensureCompiledServer(),
    );
    const ours = await step('started our app (compiled, as `npm run serve`)', () =>
      startCompiledApp(small.database.url),
    );
    servers.push(ours);
    const oursLarge = await step('started our app on the large database', () => startCompiledApp(large.database.url));
    servers.push(oursLarge);
    const baseline = await step('started the baseline', () =>
      startServerProcess(new URL('./api/baseline-server.ts', import.meta.url), {
        databaseUrl: small.database.url,
        poolSize: benchAppConfig(small.database.url).databasePoolSize,
      }),
    );
    servers.push(baseline);

    const { cookie } = small;
    const visibleIds = await step('checked that both servers send the same bytes', () =>
      verifySameBytes(ours, baseline, cookie, small.hiddenEventId),
    );
    console.log(`  member sees ${visibleIds.length} of ${EVENTS} events`);

    const headers = { cookie };
    const detailPaths = visibleIds.map((id) => `/api/events/${id}`);
    const rows: ComparisonRow[] = [];
    for (const [label, paths] of [
      ['GET /api/events', ['/api/events']],
      ['GET /api/events/{id}', detailPaths],
    ] as const) {
      for (const connections of [10, 50]) {
        const { ours: mine, baseline: base } = await step(
          `loaded both with ${label} at ${connections} connections`,
          () =>
            measurePair(
              { url: ours.url, paths: [...paths], headers, connections },
              { url: baseline.url, paths: [...paths], headers, connections },
            ),
        );
        rows.push({ label: `${label}, ${connections} connections`, ours: mine, baseline: base });
      }
    }
    printComparison(
      `API: ${USERS} users, ${EVENTS} events, a member who sees ${visibleIds.length} (ratio = ours / baseline)`,
      rows,
    );

    const own: ComparisonRow[] = [];
    const page = await step('loaded the first page with 10,000 events and with 200', () =>
      measurePair(
        { url: oursLarge.url, paths: [FIRST_PAGE], headers: { cookie: large.cookie } },
        { url: ours.url, paths: [FIRST_PAGE], headers },
      ),
    );
    own.push({ label: `${FIRST_PAGE}: 10,000 events / 200`, ours: page.ours, baseline: page.baseline });
    const tag = (await rawGet(`${ours.url}/api/events`, headers)).headers.etag as string;
    const repeats = await step('loaded repeats with If-None-Match and full answers', () =>
      measurePair(
        { url: ours.url, paths: ['/api/events'], headers: { ...headers, 'if-none-match': tag }, expectStatus: 304 },
        { url: ours.url, paths: ['/api/events'], headers },
      ),
    );
    own.push({
      label: 'GET /api/events: If-None-Match (304) / full (200)',
      ours: repeats.ours,
      baseline: repeats.baseline,
    });
    printComparison('Our app against itself (ratio = first / second)', own, ['first', 'second']);
    printCost(
      'Prometheus metrics on / off (the hot reads may pay at most 5 %: a rate ratio ≥ 0.95, a CPU ratio ≤ 1.05)',
      await measureMetricsCost(small.database.url, headers, detailPaths),
      ['on', 'off'],
      'the app process',
    );
    console.log(
      `  the metrics' own work per answer, measured apart: ${metricsWorkPerRequest().toFixed(2)} µs of CPU time\n`,
    );

    printCost(
      `Sections: ${SECTIONS} sections and ${SECTION_MEMBERS.toLocaleString('en')} members / the same without (the ` +
        'visibility rule may cost the hot list at most 10 %: a rate ratio ≥ 0.91, a CPU ratio ≤ 1.10)',
      await measureSectionsCost(),
      ['sections', 'none'],
      'the app process and its database backends',
    );

    console.log('Bytes of the answers (the member on the 200-event database):');
    for (const path of ['/api/events', FIRST_PAGE]) {
      const plain = await rawGet(`${ours.url}${path}`, headers);
      const gzip = await rawGet(`${ours.url}${path}`, { ...headers, 'accept-encoding': 'gzip' });
      const br = await rawGet(`${ours.url}${path}`, { ...headers, 'accept-encoding': 'br' });
      console.log(
        `  ${path}: ${plain.bytes.length} bytes plain (${kb(plain.bytes.length)}), ${gzip.bytes.length} gzip ` +
          `(${gzip.headers['content-encoding']}), ${br.bytes.length} Brotli (${br.headers['content-encoding']})`,
      );
    }

    await step(`loaded our app for ${BENCH_RSS_SECONDS} s (list and events, 50 connections)`, () =>
      loadFor({ url: ours.url, paths: ['/api/events', ...detailPaths], headers, connections: 50 }, BENCH_RSS_SECONDS),
    );
    console.log(
      `  server RSS after ${BENCH_RSS_SECONDS} s of load: ours ${mb(ours.rss())}, baseline ${mb(baseline.rss())} ` +
        `(the baseline after its share of the runs above)\n`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nAPI benchmark failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
