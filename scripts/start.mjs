// `npm start`: install what is missing, build what is stale, then run the compiled server in this very process
// (no npm, shell or tsx in between), so SIGTERM/SIGINT sent to it reach the server's graceful shutdown.
// Configuration comes from the environment, then from .env when there is one (the environment wins).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { ensureInstalled, ROOT } from './ensure-install.mjs';

const log = (line) => process.stdout.write(`${line}\n`);

try {
  process.chdir(ROOT);
  await ensureInstalled({ log });
  await build({ ifStale: true, log });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (existsSync('.env')) process.loadEnvFile('.env');
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
