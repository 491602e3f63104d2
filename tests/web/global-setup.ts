// Builds the web app once for the browser tests, unless dist/webapp is newer than every source file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'dist/webapp/index.html');
const SOURCES = ['webapp', 'shared'].map((dir) => path.join(ROOT, dir));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

export default function setup() {
  const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built > sources) return;
  // Vitest sets NODE_ENV=test, which would give React's development build: build what users get.
  execFileSync(
    'env',
    [
      'NODE_ENV=production',
      process.execPath,
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'webapp/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
