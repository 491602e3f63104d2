// Once per run, before any test file: builds what production runs (dist/server and dist/webapp, each only when
// its sources changed since its last build, as `npm start` does) for the tests that start the built server, its
// CLI or the web app; and makes the migrated PGlite snapshot and PostgreSQL template the test apps start from
// (when the migrations changed since they were last made), so that no test's hook pays for either. It names the
// run (TEST_RUN_ID, in every test database's name) and, at the end, drops what the run left on PostgreSQL.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { dropRunDatabases, ensurePgliteSnapshot, migratedTemplate, newRunId } from './database-snapshots';
import { handRunIdToWorkers, TEST_DATABASE_URL } from './env';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default async function setup() {
  const runId = newRunId();
  handRunIdToWorkers(runId);
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  await Promise.all([ensurePgliteSnapshot(), TEST_DATABASE_URL ? migratedTemplate(TEST_DATABASE_URL) : null]);
  return async () => {
    if (TEST_DATABASE_URL) await dropRunDatabases(TEST_DATABASE_URL, runId);
  };
}
