// Generates the Prisma client offline (postinstall, `npm run db:generate`, and `npm start`/`npm test` when the
// schema changed since the last generation). Prisma 6 parses `url = env("DATABASE_URL")` during generate and,
// when the variable is unset, falls back to downloading an engine; any value avoids that (README "Decisions
// worth knowing"). Without the prisma CLI (`npm ci --omit=dev`) there is nothing to do: the built server carries
// its own copy of the generated client (scripts/build-server.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = path.join(ROOT, 'prisma/schema.prisma');
const CLI = path.join(ROOT, 'node_modules/prisma/build/index.js');
const CLIENT = path.join(ROOT, 'node_modules/.prisma/client');
/** The hash of the schema the client was generated from (Prisma reformats its own copy of the schema). */
const STAMP = path.join(CLIENT, '.schema-sha256');

function schemaHash() {
  return createHash('sha256').update(readFileSync(SCHEMA)).digest('hex');
}

export function prismaCliInstalled() {
  return existsSync(CLI);
}

/** True when the generated client is missing or was generated from another schema. */
export function clientIsStale() {
  return !existsSync(STAMP) || readFileSync(STAMP, 'utf8').trim() !== schemaHash();
}

/**
 * Runs `prisma generate` without its hints and update notice. `quiet` keeps its output unless it fails.
 * Returns the exit status.
 */
export function generatePrismaClient({ quiet = false } = {}) {
  if (!prismaCliInstalled()) return 0;
  const hash = schemaHash();
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || 'postgresql://generate@localhost/none',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  };
  const result = spawnSync(process.execPath, [CLI, 'generate', '--no-hints'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    return result.status ?? 1;
  }
  writeFileSync(STAMP, `${hash}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(generatePrismaClient());
}
