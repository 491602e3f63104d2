// `npm run build`: the server (dist/server) and the web app (dist/webapp). With --if-stale (as `npm start` does)
// each part is built only when its sources changed since its last build: a hash of their contents is kept in
// dist/.build/<part>.sha256, so touching a file rebuilds nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, run } from './ensure-install.mjs';

const STAMPS = path.join(ROOT, 'dist/.build');
const COMMON = ['shared', 'package-lock.json'];

const PARTS = {
  server: {
    sources: [...COMMON, 'api', 'bot', 'scripts/build-server.mjs', 'node_modules/.prisma/client/schema.prisma'],
    output: 'dist/server/main.js',
    build: async () => (await import('./build-server.mjs')).buildServer(),
  },
  web: {
    sources: [...COMMON, 'webapp'],
    output: 'dist/webapp/index.html',
    build: () =>
      // NODE_ENV=production: React's production build, whatever the caller's NODE_ENV (vitest sets "test").
      run(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--config', 'webapp/vite.config.ts', '--logLevel', 'warn'],
        { env: { ...process.env, NODE_ENV: 'production' } },
      ),
  },
};

/** Hashes the files under `relative` (names and contents) and returns the newest modification time among them. */
function addTree(hash, relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) {
    hash.update(`${relative}\0missing\0`);
    return 0;
  }
  const stat = statSync(full);
  if (!stat.isDirectory()) {
    hash.update(`${relative}\0`).update(readFileSync(full)).update('\0');
    return stat.mtimeMs;
  }
  let newest = 0;
  for (const name of readdirSync(full).sort()) {
    if (name !== 'node_modules' && name !== '.vite')
      newest = Math.max(newest, addTree(hash, path.join(relative, name)));
  }
  return newest;
}

function inspectSources(part) {
  const hash = createHash('sha256');
  const newest = Math.max(...PARTS[part].sources.map((source) => addTree(hash, source)));
  return { hash: hash.digest('hex'), newest };
}

const stampFile = (part) => path.join(STAMPS, `${part}.sha256`);

/**
 * Fresh when the sources hash to what the last build recorded, or when the output is newer than every source
 * (built since the last edit by something else, such as the browser tests' setup, which builds the web app too:
 * rebuilding it under their feet would empty dist/webapp while they load it).
 */
export function isStale(part) {
  const output = path.join(ROOT, PARTS[part].output);
  if (!existsSync(output)) return true;
  const { hash, newest } = inspectSources(part);
  const stamp = stampFile(part);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return false;
  return statSync(output).mtimeMs <= newest;
}

/** Builds every part, or with `ifStale` only those whose sources changed. Returns the parts built. */
export async function build({ ifStale = false, log = () => {} } = {}) {
  // A tree installed with --omit=dev has no build tools: run what was built before pruning.
  const tools = ['node_modules/esbuild', 'node_modules/vite'].every((tool) => existsSync(path.join(ROOT, tool)));
  const outputs = Object.values(PARTS).every(({ output }) => existsSync(path.join(ROOT, output)));
  if (ifStale && !tools && outputs) return [];
  if (!tools) throw new Error('The build tools are missing: run `npm ci` (not --omit=dev) before building');
  const parts = Object.keys(PARTS).filter((part) => !ifStale || isStale(part));
  if (parts.length) log(`Building ${parts.join(' and ')}…`);
  for (const part of parts) {
    const { hash } = inspectSources(part);
    rmSync(stampFile(part), { force: true });
    await PARTS[part].build();
    mkdirSync(STAMPS, { recursive: true });
    writeFileSync(stampFile(part), `${hash}\n`);
  }
  return parts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  build({ ifStale: process.argv.includes('--if-stale') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
