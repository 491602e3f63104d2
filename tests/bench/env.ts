// The benchmarks' own configuration (the only place benches read the environment).

/** The PostgreSQL where benches create (and drop) their databases: the same as the API tests'. */
export const BENCH_ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/test';

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Seconds of load per server and endpoint; BENCH_SECONDS=2 gives a quick run. */
export const BENCH_SECONDS = positive('BENCH_SECONDS', 10);
export const BENCH_CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
/** BENCH_SECONDS is split into this many rounds, alternating ours and the baseline (ABBA...). */
export const BENCH_ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
/**
 * Rounds of a cost comparison (bench-rounds.ts: metrics on / off, sections / none), each BENCH_SECONDS / 4 s per
 * side, in alternating order; medians are reported, which a shared machine's bursts move less than a total.
 */
export const BENCH_COST_ROUNDS = Math.round(positive('BENCH_COST_ROUNDS', 12));
/** Unrecorded load before each measurement, so both servers are measured warm (JIT, pools, caches). */
export const BENCH_WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', Math.min(2, BENCH_SECONDS));

/** Lighthouse runs per page in `npm run bench:web` (the median is printed); more steady the figures on a busy machine. */
export const LIGHTHOUSE_RUNS = Math.round(positive('LIGHTHOUSE_RUNS', 3));

/** Seconds of load before the API server's memory is read (docs/performance.md reports it after 60 s). */
export const BENCH_RSS_SECONDS = positive('BENCH_RSS_SECONDS', 60);

/** Servers under test run in child processes with this environment: production, as users get it. */
export const SERVER_PROCESS_ENV: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };

/**
 * What a newcomer's `npm start` runs with on a fresh clone: their shell's environment (PATH, HOME) and none of
 * the product's settings, so it picks its own defaults (development, demo mode, the embedded database).
 */
export const NPM_START_PROCESS_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(NODE_ENV|DATABASE_|PGLITE_|DEMO_|BACKUP_|LOG_|TELEGRAM_|GOOGLE_|PUBLIC_URL$)/.test(name),
  ),
);
