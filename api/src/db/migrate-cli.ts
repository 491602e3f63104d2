// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config';
import { openAdapter } from './adapters';
import { prepareDatabase } from './migrate';

const config = loadConfig();
const { database } = config;
const db = await openAdapter(database, 1);
// With DATABASE_OWNER_URL the owner migrates and grants the role of DATABASE_URL what the app needs.
const owner =
  database.kind === 'postgres' && database.ownerUrl
    ? await openAdapter({ kind: 'postgres', url: database.ownerUrl }, 1)
    : null;
try {
  const { applied } = await prepareDatabase(db, owner, { auditRetentionDays: config.auditRetentionDays });
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
} finally {
  await owner?.close();
  await db.close();
}
