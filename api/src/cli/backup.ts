// `npm run backup`: backs the configured database up into the backups folder now (as the nightly run does) and
// deletes backups beyond the kept nights. On PGlite the server must be stopped: one process may open the folder.
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { PGLITE_IN_USE_HELP, pgliteInUse } from '../modules/backups/restore';
import { openBackups } from './open-backups';

const USAGE = `Usage:
  npm run backup      back the database up now into BACKUP_DIR (default ./data/backups)
`;

class CliError extends Error {}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length) {
    process.stdout.write(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  const config = loadConfig();
  const target = config.database;
  if (target.kind === 'pglite' && !existsSync(target.dataDir)) {
    throw new CliError(`There is no database in ${target.dataDir} (PGLITE_DIR): nothing to back up.`);
  }
  if (pgliteInUse(target)) throw new CliError(PGLITE_IN_USE_HELP);
  const { db, backups } = await openBackups(config, target);
  try {
    const { backup, pruned } = await backups.backUp();
    process.stdout.write(`Backup written: ${backup.path} (${megabytes(backup.size)})\n`);
    if (pruned.length) {
      process.stdout.write(
        `Deleted ${pruned.length} older backup(s), keeping the last ${config.backups.keep} night(s).\n`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
