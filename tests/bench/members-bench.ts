// The admins' member list: the first page of GET /api/admin/members (all, pending only, and a search) with
// 100,000 members against the same with 1,000, each on the compiled app with a database of its own. Keyset
// paging and the (status, id) index should keep the big organisation's first page about as fast as the small
// one's: the ratio (big / small) is what counts. It prints figures and asserts nothing about speed.
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem } from '../../api/src/system/create-system';
import { benchAppConfig } from './api/app-config';
import { startCompiledApp } from './api/compiled-app';
import {
  createBenchDatabase,
  measurePair,
  printComparison,
  step,
  type BenchDatabase,
  type ChildServer,
} from './bench-kit';

const SMALL = 1_000;
const BIG = 100_000;
const PATHS = {
  all: '/api/admin/members?limit=50',
  pending: '/api/admin/members?status=pending&limit=50',
  // The same 20 matches in both organisations: the search's cost, not the number of results, is compared.
  search: '/api/admin/members?q=fairweather&limit=50',
};

/** `count` members (one in ten pending) and an admin; answers the admin's session cookie. */
async function seed(database: BenchDatabase, count: number): Promise<string> {
  const { deps, stop } = await createSystem(benchAppConfig(database.url));
  try {
    const admin = await deps.prisma.user.create({ data: { name: 'Bench Admin', isAdmin: true } });
    await deps.prisma.$executeRawUnsafe(
      `INSERT INTO users (name, google_email, telegram_username, status, role, created_at, updated_at)
       SELECT 'Member ' || n, 'member' || n || '@example.org', 'member_' || n,
              CASE WHEN n % 10 = 0 THEN 'pending' ELSE 'active' END, 'member', now(), now()
       FROM generate_series(1, ${count}) AS n`,
    );
    await deps.prisma.$executeRawUnsafe(
      `INSERT INTO users (name, status, role, created_at, updated_at)
       SELECT 'Quinn Fairweather ' || n, 'active', 'member', now(), now() FROM generate_series(1, 20) AS n`,
    );
    // As weeks of real traffic would leave it: statistics taken and the indexes' pending entries merged.
    await deps.prisma.$executeRawUnsafe('VACUUM ANALYZE users');
    return `${SESSION_COOKIE}=${await createSession(deps, admin.id)}`;
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  console.log(`Members admin benchmark: the first page with ${BIG.toLocaleString('en')} members and with ${SMALL}`);
  const databases = [await createBenchDatabase(), await createBenchDatabase()] as const;
  const servers: ChildServer[] = [];
  try {
    const [smallCookie, bigCookie] = [
      await step(`seeded ${SMALL} members`, () => seed(databases[0], SMALL)),
      await step(`seeded ${BIG.toLocaleString('en')} members`, () => seed(databases[1], BIG)),
    ];
    const [small, big] = [
      await step('started the app on the small database', () => startCompiledApp(databases[0].url)),
      await step('started the app on the big database', () => startCompiledApp(databases[1].url)),
    ];
    servers.push(small, big);
    const rows = [];
    for (const [name, path] of Object.entries(PATHS)) {
      const pair = await step(`loaded ${name}`, () =>
        measurePair(
          { url: big.url, paths: [path], headers: { cookie: bigCookie } },
          { url: small.url, paths: [path], headers: { cookie: smallCookie } },
        ),
      );
      rows.push({ label: `GET ${path}`, ...pair });
    }
    printComparison(
      `First page of the member list, ${BIG.toLocaleString('en')} members / ${SMALL} (ratio = big / small; goal ≥ 0.8)`,
      rows,
      ['100k', '1k'],
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nMembers benchmark failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
