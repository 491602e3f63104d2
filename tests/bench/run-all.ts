// `npm run bench`: runs every tests/bench/*-bench.ts in turn, each in its own process so one bench's
// servers and databases never disturb the next. `npm run bench -- api` runs only the files matching "api".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('-bench.ts'))
  .filter((file) => !filters.length || filters.some((filter) => file.includes(filter)))
  .sort();

if (!benches.length) {
  console.error(`No benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, bench)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${bench} (${run.signal ?? `exit ${run.status}`})`);
}

if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
