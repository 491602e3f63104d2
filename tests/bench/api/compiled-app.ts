// Our API as production runs it: the compiled server (`npm run serve`: node dist/server/main.js), built first
// when its sources changed since the last build (as `npm start` decides), configured by its environment only.
// Under tsx the process would carry the TypeScript loader and source transforms, and its speed and memory
// would not be what production gets.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { residentBytes, type ChildServer } from '../bench-kit';
import { SERVER_PROCESS_ENV } from '../env';
import { benchAppEnv } from './app-config';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'dist/server/main.js');

interface BuildScripts {
  isStale(part: 'server'): boolean;
  buildServer(): Promise<void>;
}

/** The build's own scripts decide staleness and build (plain JavaScript, without types: imported as such). */
async function buildScripts(): Promise<BuildScripts> {
  const scripts = (file: string) => import(new URL(`../../../scripts/${file}`, import.meta.url).href);
  const [{ isStale }, { buildServer }] = await Promise.all([scripts('build.mjs'), scripts('build-server.mjs')]);
  return { isStale, buildServer } as BuildScripts;
}

let built: Promise<void> | undefined;

/** Builds dist/server once per bench, and only when its sources changed. */
export function ensureCompiledServer(): Promise<void> {
  built ??= buildScripts().then(async ({ isStale, buildServer }) => {
    if (isStale('server')) await buildServer();
  });
  return built;
}

/** A port free right now (the server prints its public URL, not the port it took, so the bench picks one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the compiled server on `databaseUrl` and resolves once it says it is running. */
export async function startCompiledApp(databaseUrl: string): Promise<ChildServer> {
  await ensureCompiledServer();
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: ROOT,
    env: { ...SERVER_PROCESS_ENV, ...benchAppEnv(databaseUrl), HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${MAIN} exited with ${code} before listening:\n${output}`)));
  });
  child.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    rss: () => residentBytes(child.pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}
