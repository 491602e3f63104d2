// The API benchmark: GET /api/events and GET /api/events/{id} as a signed-in member, our app against a
// bare node:http + pg server answering the same data with one hand-written query, in the same run.
// It prints figures and asserts nothing about speed; it fails only if the two servers disagree.
import { isDeepStrictEqual } from 'node:util';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem } from '../../api/src/system/create-system';
import type { EventSummary } from '../../shared/types';
import { benchAppConfig } from './api/app-config';
import { EVENTS, seedBenchData, USERS } from './api/seed';
import {
  createBenchDatabase,
  measurePair,
  printComparison,
  startServerProcess,
  step,
  type ComparisonRow,
  type ServerProcess,
} from './bench-kit';

interface Answer {
  status: number;
  body: unknown;
}

async function get(server: ServerProcess, path: string, cookie: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** The baseline computes these fields; ours must agree on each (it may answer more). */
function mismatch(ours: unknown, baseline: unknown): string | null {
  const base = baseline as Record<string, unknown>;
  const mine = ours as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    if (!isDeepStrictEqual(mine?.[key], base[key])) {
      return `${key}: ours ${JSON.stringify(mine?.[key])}, baseline ${JSON.stringify(base[key])}`;
    }
  }
  return null;
}

/** Before any load: both servers must give the member the same events, in the same order, with the same data. */
async function verifySameAnswers(
  ours: ServerProcess,
  baseline: ServerProcess,
  cookie: string,
  hiddenEventId: number,
): Promise<number[]> {
  const [mine, base] = [await get(ours, '/api/events', cookie), await get(baseline, '/api/events', cookie)];
  if (mine.status !== 200 || base.status !== 200) {
    throw new Error(`GET /api/events answered ${mine.status} (ours) and ${base.status} (baseline)`);
  }
  const ourIds = (mine.body as EventSummary[]).map((event) => event.id);
  const baseIds = (base.body as EventSummary[]).map((event) => event.id);
  if (!isDeepStrictEqual(ourIds, baseIds)) {
    throw new Error(
      `The servers list different events or orders:\n  ours     ${ourIds.join(',')}\n  baseline ${baseIds.join(',')}`,
    );
  }
  (base.body as EventSummary[]).forEach((event, index) => {
    const problem = mismatch((mine.body as EventSummary[])[index], event);
    if (problem) throw new Error(`GET /api/events disagrees on event ${event.id}: ${problem}`);
  });
  for (const id of baseIds) {
    const [one, other] = [
      await get(ours, `/api/events/${id}`, cookie),
      await get(baseline, `/api/events/${id}`, cookie),
    ];
    const problem = one.status !== 200 || other.status !== 200 ? 'not 200' : mismatch(one.body, other.body);
    if (problem) throw new Error(`GET /api/events/${id} disagrees: ${problem}`);
  }
  const hidden = [
    await get(ours, `/api/events/${hiddenEventId}`, cookie),
    await get(baseline, `/api/events/${hiddenEventId}`, cookie),
  ];
  if (hidden.some((answer) => answer.status !== 404)) {
    throw new Error(`An uninvited private event must be 404 on both: ${hidden.map((a) => a.status).join(' / ')}`);
  }
  return baseIds;
}

async function main(): Promise<void> {
  console.log('API benchmark: our app vs a bare node:http + pg server with one hand-written query per endpoint');
  const database = await step('created a PostgreSQL database', createBenchDatabase);
  const servers: ServerProcess[] = [];
  try {
    const { memberId, hiddenEventId, token } = await step(
      `migrated it and seeded ${USERS} users, ${EVENTS} events with invitations and RSVPs`,
      async () => {
        const { deps, stop } = await createSystem(benchAppConfig(database.url));
        try {
          const seeded = await seedBenchData(deps.prisma);
          return { ...seeded, token: await createSession(deps, seeded.memberId) };
        } finally {
          await stop();
        }
      },
    );
    const ours = await step('started our app', () =>
      startServerProcess(new URL('./api/app-server.ts', import.meta.url), { databaseUrl: database.url }),
    );
    servers.push(ours);
    const config = benchAppConfig(database.url);
    const baseline = await step('started the baseline', () =>
      startServerProcess(new URL('./api/baseline-server.ts', import.meta.url), {
        databaseUrl: database.url,
        poolSize: config.databasePoolSize,
      }),
    );
    servers.push(baseline);

    const cookie = `${SESSION_COOKIE}=${token}`;
    const visibleIds = await step('checked that both servers answer the same data', () =>
      verifySameAnswers(ours, baseline, cookie, hiddenEventId),
    );
    console.log(`  member ${memberId} sees ${visibleIds.length} of ${EVENTS} events`);

    const headers = { cookie };
    const detailPaths = visibleIds.map((id) => `/api/events/${id}`);
    const rows: ComparisonRow[] = [];
    for (const [label, paths] of [
      ['GET /api/events', ['/api/events']],
      ['GET /api/events/{id}', detailPaths],
    ] as const) {
      const { ours: mine, baseline: base } = await step(`loaded both with ${label}`, () =>
        measurePair({ url: ours.url, paths: [...paths], headers }, { url: baseline.url, paths: [...paths], headers }),
      );
      rows.push({ label, ours: mine, baseline: base });
    }
    printComparison(
      `API: ${USERS} users, ${EVENTS} events, a member who sees ${visibleIds.length} (ratio = ours / baseline)`,
      rows,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nAPI benchmark failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
