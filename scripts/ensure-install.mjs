// Installs what is missing before `npm test` (its pretest hook) and `npm start`: `npm ci` when node_modules is
// absent or older than package-lock.json, then a new Prisma client when the schema changed since the last one.
// Uses nothing but Node, since it runs before anything is installed.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientIsStale, generatePrismaClient, prismaCliInstalled } from './prisma-generate.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCK = path.join(ROOT, 'package-lock.json');
/** npm writes this after every install: its age tells whether node_modules matches the lock. */
const INSTALLED = path.join(ROOT, 'node_modules/.package-lock.json');

export function installIsStale() {
  return !existsSync(INSTALLED) || statSync(INSTALLED).mtimeMs < statSync(LOCK).mtimeMs;
}

/**
 * Runs a command to completion. SIGINT/SIGTERM sent to this process meanwhile go to the child too, so a stop
 * during an install or a build leaves nothing behind. `quiet` keeps the output unless the command fails.
 */
export function run(command, args, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code === 0) return resolve();
      if (quiet) process.stderr.write(Buffer.concat(output));
      reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** npm itself: the one running us when started by an npm script, else the one on PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.(c|m)?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
}

export async function ensureInstalled({ log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  if (installIsStale()) {
    log('Installing dependencies (npm ci)…');
    const [command, args] = npm(['ci', '--no-audit', '--no-fund']);
    await run(command, args, { quiet: true });
  }
  // npm ci's postinstall generated the client; this catches a schema edited since.
  if (prismaCliInstalled() && clientIsStale() && generatePrismaClient({ quiet: true }) !== 0) {
    throw new Error('prisma generate failed');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureInstalled().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
