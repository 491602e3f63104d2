// `npm start`, `npm run serve` and the built server (`node dist/server/main.js`) run as one process that a
// supervisor can stop (npm forwards the signal to its child, and `exec` in the scripts makes that the server):
// SIGTERM to the process it started lets the request in flight finish, then everything exits, leaving no
// orphan behind and nothing listening.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const URL_LINE = /running at (http:\/\/[^\s]+)/;

/** Every process a test started (and their children, once known), so a failed test leaves none running. */
const startedPids: number[] = [];

interface Started {
  child: ChildProcess;
  url: URL;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(command: string, args: string[], dataDir: string): Promise<Started> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: productEnv({ PGLITE_DIR: path.join(dataDir, 'pglite'), HOST: '127.0.0.1', PORT: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) startedPids.push(child.pid);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = URL_LINE.exec(output);
      if (match?.[1]) resolve({ child, url: new URL(match[1]), output: () => output, exited });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then(({ code, signal }) => reject(new Error(`exited (${signal ?? code}) before serving:\n${output}`)));
  });
}

/** The pids below `pid` (Linux /proc), to check afterwards that none outlived it. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may contain spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function refusesConnections(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A request whose headers are sent but not finished, so the server holds it open until `finish()`. */
function startSlowRequest(url: URL) {
  const socket = net.connect(Number(url.port), url.hostname);
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(response));
    socket.once('error', reject);
  });
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n`);
  return {
    opened,
    finish: () => {
      socket.write('\r\n');
      return ended;
    },
  };
}

async function expectGracefulStop(started: Started) {
  const pid = started.child.pid!;
  const health = await fetch(new URL('/api/health', started.url));
  expect(health.status).toBe(200);
  const inFlight = startSlowRequest(started.url);
  await inFlight.opened;
  const family = descendants(pid);
  startedPids.push(...family);

  started.child.kill('SIGTERM');
  // The listener closes first; the request already in flight is still answered.
  await expect.poll(() => refusesConnections(started.url), { timeout: 15_000 }).toBe(true);
  const response = await inFlight.finish();
  expect(response).toMatch(/^HTTP\/1\.1 200 /);
  expect(response).toContain('"status":"ok"');

  expect(await started.exited).toEqual({ code: 0, signal: null });
  await expect.poll(() => family.filter(alive), { timeout: 5_000 }).toEqual([]);
  expect(await refusesConnections(started.url)).toBe(true);
}

describe.runIf(existsSync('/proc/self/stat'))('Stopping the product with SIGTERM', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ce-start-'));
    // What `npm start` would do first; a no-op when dist/ matches the sources.
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  }, 180_000);
  afterEach(() => {
    const pids = startedPids.splice(0);
    for (const pid of [...pids.flatMap(descendants), ...pids].filter(alive)) process.kill(pid, 'SIGKILL');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    ['`npm start`', 'npm', ['start']],
    ['`npm run serve`', 'npm', ['run', 'serve']],
    ['the built server (node dist/server/main.js)', process.execPath, ['--enable-source-maps', 'dist/server/main.js']],
  ])(
    'When %s gets SIGTERM, then the request in flight is answered and it exits 0 with nothing left running',
    async (_name, command, args) => {
      const started = await start(command, args, dataDir);
      expect(started.output()).toContain('(demo mode)');
      await expectGracefulStop(started);
    },
    60_000,
  );
});
