// Our API as production runs it: the compiled server with the environment and Node options of `npm run serve`,
// built first when its sources changed since the last build (as `npm start` decides), configured by its
// environment only.
// Under tsx the process would carry the TypeScript loader and source transforms, and its speed and memory
// would not be what production gets.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { residentBytes, type ChildServer } from '../bench-kit';
import { SERVER_PROCESS_ENV } from '../env';
import { benchAppEnv } from './app-config';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'dist/server/main.js');

/** How `npm run serve` starts production (its memory settings): the environment it sets and Node's options. */
function serveCommand(): { env: Record<string, string>; nodeOptions: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const serve = /^exec (?:env ((?:\w+=\S+ )+))?node (.*)dist\/server\/main\.js$/.exec(scripts.serve ?? '');
  if (!serve) {
    throw new Error(
      `package.json's serve script is not "exec [env A=b …] node … dist/server/main.js": ${scripts.serve}`,
    );
  }
  const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
  const env = Object.fromEntries(words(serve[1]).map((pair) => pair.split('=', 2) as [string, string]));
  return { env, nodeOptions: words(serve[2]) };
}

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

/** Starts the compiled server on `databaseUrl` (the API benches' production settings) once it says it is running. */
export function startCompiledApp(databaseUrl: string): Promise<ChildServer> {
  return startServedApp({ ...SERVER_PROCESS_ENV, ...benchAppEnv(databaseUrl) });
}

/**
 * Starts dist/server/main.js as `npm run serve` does (its Node options and memory settings) with `env` and a free
 * port, and resolves once it says it is running. Its log goes to the bench's stderr only when it fails to start.
 */
export async function startServedApp(env: NodeJS.ProcessEnv): Promise<ChildServer> {
  await ensureCompiledServer();
  const port = await freePort();
  const serve = serveCommand();
  const child = spawn(process.execPath, [...serve.nodeOptions, MAIN], {
    cwd: ROOT,
    env: { ...env, ...serve.env, HOST: '127.0.0.1', PORT: String(port) },
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
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}
