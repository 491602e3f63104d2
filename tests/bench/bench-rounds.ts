// A cost comparison of two servers that should do the same work (metrics on / off; an organisation with sections /
// without): interleaved rounds (A B, B A, ...) of BENCH_SECONDS / 4 each, and per round each side's rate and its
// CPU time per request, read from /proc for the server process and, when given, the PostgreSQL backends of its
// database. What counts is the median of the rounds' own ratios: the two halves of a round run seconds apart, so
// a neighbour's burst on a shared machine falls on both, and spoils a round rather than the figure. CPU time per
// request moves less with the machine's load than a rate does, but on a busy machine (other processes on the same
// cores and caches) it moves too: an A/A row (the same server twice) shows how much.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadFor, printTable, type ChildServer, type LoadTarget } from './bench-kit';
import { BENCH_ADMIN_DATABASE_URL, BENCH_COST_ROUNDS, BENCH_SECONDS, BENCH_WARMUP_SECONDS } from './env';

/** Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat (100 on every architecture Node runs on). */
const CLOCK_TICKS = 100;

export interface CostSide {
  server: ChildServer;
  target: LoadTarget;
  /** Count the CPU time of this database's backends too (only when no other server of the bench uses it). */
  databaseUrl?: string;
}

export interface CostFigures {
  requestsPerSecond: number[];
  cpuMicrosPerRequest: number[];
}

/** User and system CPU seconds of a process, all its threads (null once it is gone). */
function cpuSecondsOf(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The backends connected to the database of `url` (on this machine: the bench's PostgreSQL is local). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: BENCH_ADMIN_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(url).pathname.slice(1)],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function cpuOf(side: CostSide): Promise<Map<number, number>> {
  const pids = [side.server.pid!, ...(side.databaseUrl ? await backendPids(side.databaseUrl) : [])];
  return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
}

/** CPU seconds spent since `before` by its processes and by backends that came since. */
async function cpuSince(side: CostSide, before: Map<number, number>): Promise<number> {
  let spent = 0;
  for (const [pid, seconds] of await cpuOf(side)) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

export async function measureCost(a: CostSide, b: CostSide): Promise<{ a: CostFigures; b: CostFigures }> {
  if (!a.server.pid || !b.server.pid) throw new Error('the servers must run in processes of their own');
  await loadFor(a.target, BENCH_WARMUP_SECONDS);
  await loadFor(b.target, BENCH_WARMUP_SECONDS);
  const figures = {
    a: { requestsPerSecond: [], cpuMicrosPerRequest: [] } as CostFigures,
    b: { requestsPerSecond: [], cpuMicrosPerRequest: [] } as CostFigures,
  };
  for (let round = 0; round < BENCH_COST_ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const side = name === 'a' ? a : b;
      const before = await cpuOf(side);
      const load = await loadFor(side.target, BENCH_SECONDS / 4);
      const spent = await cpuSince(side, before);
      figures[name].requestsPerSecond.push(load.requestsPerSecond);
      figures[name].cpuMicrosPerRequest.push((spent / load.requests) * 1e6);
    }
  }
  return figures;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface CostRow {
  label: string;
  a: CostFigures;
  b: CostFigures;
}

/** The median of the rounds' own ratios (A / B) and the quartiles around it, as "median (q1–q3)". */
function pairedRatio(a: number[], b: number[]): string {
  const ratios = a.map((value, index) => value / b[index]!).sort((x, y) => x - y);
  const at = (share: number) => ratios[Math.round((ratios.length - 1) * share)]!.toFixed(3);
  return `${median(ratios).toFixed(3)} (${at(0.25)}–${at(0.75)})`;
}

/** The medians of each side and the median of the rounds' ratios (A / B), with their quartiles. */
export function printCost(title: string, rows: CostRow[], names: [string, string], cpuOf: string): void {
  const [a, b] = names;
  const header = [
    'endpoint',
    `${a} req/s`,
    `${b} req/s`,
    'rate ratio (q1–q3)',
    `${a} CPU µs/req`,
    `${b} CPU µs/req`,
    'CPU ratio (q1–q3)',
  ];
  const lines = rows.map((row) => [
    row.label,
    median(row.a.requestsPerSecond).toFixed(0),
    median(row.b.requestsPerSecond).toFixed(0),
    pairedRatio(row.a.requestsPerSecond, row.b.requestsPerSecond),
    median(row.a.cpuMicrosPerRequest).toFixed(1),
    median(row.b.cpuMicrosPerRequest).toFixed(1),
    pairedRatio(row.a.cpuMicrosPerRequest, row.b.cpuMicrosPerRequest),
  ]);
  console.log(`\n${title}`);
  console.log(
    `(${BENCH_COST_ROUNDS} interleaved rounds of ${BENCH_SECONDS / 4} s per side after ${BENCH_WARMUP_SECONDS} s of warm-up ` +
      `each; medians; CPU: ${cpuOf}, per answered request; a ratio is the median of the rounds' own)\n`,
  );
  printTable(header, lines);
}
