// What every benchmark needs: servers in their own processes, autocannon load, and the figures as a table.
//
// The server under test and its baseline each run in a child process, and autocannon in the bench's own
// process: sharing one event loop would measure the load generator as much as the server.
import autocannon, { type RawRequest } from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import {
  BENCH_ADMIN_DATABASE_URL,
  BENCH_CONNECTIONS,
  BENCH_ROUNDS,
  BENCH_SECONDS,
  BENCH_WARMUP_SECONDS,
  SERVER_PROCESS_ENV,
} from './env';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** A server in a child process: its memory can be read. */
export interface ChildServer extends ServerProcess {
  /** The child's resident set size now, in bytes (Linux: /proc), or null where unknown. */
  rss(): number | null;
  /** The child's process id, for what else /proc tells of it (bench-rounds.ts: its CPU time). */
  pid: number | undefined;
}

type ChildMessage = { type: 'ready'; url: string } | { type: 'failed'; error: string };

/** Starts `file` (which calls `serveFromChild`) in a child process and resolves once it listens. */
export function startServerProcess(file: string | URL, input: unknown): Promise<ChildServer> {
  const child: ChildProcess = fork(file, [JSON.stringify(input)], {
    execArgv: ['--import', 'tsx'],
    env: SERVER_PROCESS_ENV,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${String(file)} exited with ${code} before listening`)));
    child.once('message', (message: ChildMessage) => {
      if (message.type === 'failed') return reject(new Error(`${String(file)}: ${message.error}`));
      resolve({
        url: message.url,
        rss: () => residentBytes(child.pid),
        pid: child.pid,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.send({ type: 'stop' });
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(force);
        },
      });
    });
  });
}

/** A process's resident set size in bytes (Linux: /proc), or null where unknown. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** The child side: starts the server described by the parent's input and stops it when asked. */
export function serveFromChild<Input>(start: (input: Input) => Promise<ServerProcess>): void {
  const input = JSON.parse(process.argv[2] ?? 'null') as Input;
  start(input).then(
    (server) => {
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('message', stop);
      // The bench died: do not outlive it.
      process.on('disconnect', stop);
      process.send?.({ type: 'ready', url: server.url } satisfies ChildMessage);
    },
    (error: unknown) => {
      const message: ChildMessage = { type: 'failed', error: (error as Error)?.stack ?? String(error) };
      // Exit once the parent has the reason (sending is asynchronous).
      if (process.send) process.send(message, () => process.exit(1));
      else process.exit(1);
    },
  );
}

export interface LoadTarget {
  url: string;
  /** Paths requested in turn, one per request. */
  paths: string[];
  headers?: Record<string, string>;
  /** Concurrent connections (default BENCH_CONNECTIONS). */
  connections?: number;
  /** Status codes that count as answered (default: 2xx only). */
  expectStatus?: number;
}

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
}

interface Run {
  seconds: number;
  /** Response time of every answered request, in ms. */
  latencies: number[];
}

function run(target: LoadTarget, seconds: number): Promise<Run> {
  let next = 0;
  let unexpected = 0;
  const latencies: number[] = [];
  const expected = (status: number) => (target.expectStatus ? status === target.expectStatus : status < 300);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: target.connections ?? BENCH_CONNECTIONS,
        duration: seconds,
        headers: target.headers,
        // One path: autocannon writes the same request every time. Several: each request picks the next.
        requests:
          target.paths.length === 1
            ? [{ method: 'GET', path: target.paths[0] }]
            : [
                {
                  method: 'GET',
                  setupRequest: (request: RawRequest) => {
                    const path = target.paths[next % target.paths.length]!;
                    next += 1;
                    return { ...request, path };
                  },
                },
              ],
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.errors || result.timeouts || unexpected) {
          return reject(
            new Error(
              `load on ${target.url}${target.paths[0]} had ${result.errors} errors, ${result.timeouts} timeouts ` +
                `and ${unexpected} answers other than ${target.expectStatus ?? '2xx'}: the figures would not measure the real work`,
            ),
          );
        }
        resolve({ seconds: result.duration, latencies });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (!expected(status)) unexpected += 1;
      latencies.push(responseTime);
    });
  });
}

function summarize(runs: Run[]): Measurement {
  const latencies = runs.flatMap((one) => one.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, one) => sum + one.seconds, 0);
  return {
    requestsPerSecond: latencies.length / seconds,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? NaN,
    requests: latencies.length,
  };
}

/** Loads one server for `seconds` (no warm-up, no baseline): for what load leaves behind, such as memory. */
export async function loadFor(target: LoadTarget, seconds: number): Promise<Measurement> {
  return summarize([await run(target, seconds)]);
}

/**
 * Loads ours and the baseline for BENCH_SECONDS each, after a warm-up, in interleaved rounds
 * (ours, baseline, baseline, ours, ...) so that load from other work on a shared machine falls on both
 * alike. Any error or non-2xx answer fails the bench.
 */
export async function measurePair(
  ours: LoadTarget,
  baseline: LoadTarget,
): Promise<{ ours: Measurement; baseline: Measurement }> {
  await run(ours, BENCH_WARMUP_SECONDS);
  await run(baseline, BENCH_WARMUP_SECONDS);
  const slice = BENCH_SECONDS / BENCH_ROUNDS;
  const runs = { ours: [] as Run[], baseline: [] as Run[] };
  for (let round = 0; round < BENCH_ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
    for (const side of order) runs[side].push(await run(side === 'ours' ? ours : baseline, slice));
  }
  return { ours: summarize(runs.ours), baseline: summarize(runs.baseline) };
}

export interface ComparisonRow {
  label: string;
  ours: Measurement;
  baseline: Measurement;
}

/** Prints the figures; the ratio is what counts, since the machines are shared and noisy. */
export function printComparison(
  title: string,
  rows: ComparisonRow[],
  names: [string, string] = ['ours', 'baseline'],
): void {
  const [a, b] = names;
  const header = ['endpoint', `${a} req/s`, `${b} req/s`, 'ratio', `${a} p99 ms`, `${b} p99 ms`];
  const lines = rows.map((row) => [
    row.label,
    row.ours.requestsPerSecond.toFixed(0),
    row.baseline.requestsPerSecond.toFixed(0),
    (row.ours.requestsPerSecond / row.baseline.requestsPerSecond).toFixed(2),
    row.ours.p99Ms.toFixed(0),
    row.baseline.p99Ms.toFixed(0),
  ]);
  console.log(`\n${title}`);
  console.log(
    `(${BENCH_CONNECTIONS} connections unless a row says otherwise; ${BENCH_SECONDS} s of load per server and endpoint in ${BENCH_ROUNDS} ` +
      `interleaved rounds, after ${BENCH_WARMUP_SECONDS} s of warm-up each)\n`,
  );
  printTable(header, lines);
}

/** A Markdown table, numbers right-aligned, and a blank line after it. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? ':' : '') + '-'.repeat(width + 1) + (column === 0 ? '' : ':')).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  console.log('');
}

/** Times a setup step and says so, so a slow seed is visible. */
export async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the bench's PostgreSQL (dropped afterwards, even with servers still connected). */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `events_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: BENCH_ADMIN_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
