// What `npm run backup` and `npm run restore` work on: the configured database, opened for this one process,
// and the backups service over it (each CLI's composition root; the server's is api/src/system).
import type { AppConfig } from '../config';
import { openAdapter, type DatabaseTarget, type OpenedAdapter } from '../db/adapters';
import { createLogger } from '../logger';
import { backupsDbOfAdapter } from '../modules/backups/backups-repository';
import { createBackupsService, type BackupSource, type BackupsService } from '../modules/backups/backups-service';

/** Opens `target` with one connection; the caller closes `db`. */
export async function openBackups(
  config: AppConfig,
  target: DatabaseTarget,
): Promise<{ db: OpenedAdapter; backups: BackupsService }> {
  const db = await openAdapter(target, 1);
  const source: BackupSource = db.pglite
    ? { kind: 'pglite', pglite: db.pglite }
    : { kind: 'postgres', url: (target as { url: string }).url };
  const backups = createBackupsService(source, config.backups, {
    now: () => new Date(),
    logger: createLogger('silent'),
    db: backupsDbOfAdapter(db),
    defaultTimeZone: config.notificationsTimeZone,
  });
  return { db, backups };
}
