// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config';
import { openAdapter } from './adapters';
import { migrate } from './migrate';

const config = loadConfig();
const db = await openAdapter(config.database, 1);
try {
  const { applied } = await migrate(db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
} finally {
  await db.close();
}
