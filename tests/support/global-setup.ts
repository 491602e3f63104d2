// Once per run, before any test file: makes the migrated PGlite snapshot and PostgreSQL template the test apps
// start from (when the migrations changed since they were last made), so that no test's hook pays for it.
import { ensurePgliteSnapshot, migratedTemplate } from './database-snapshots';
import { TEST_DATABASE_URL } from './env';

export default async function setup() {
  await Promise.all([ensurePgliteSnapshot(), TEST_DATABASE_URL ? migratedTemplate(TEST_DATABASE_URL) : null]);
}
