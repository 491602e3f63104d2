// `npm run restore -- FILE [--force]`: replaces the configured database with a backup made by `npm run backup`
// or the nightly run. Stop the server first. Exit codes: 0 restored, 1 failed, 2 usage, 3 refused because the
// database holds data and --force was not given (nothing was changed).
import path from 'node:path';
import { loadConfig } from '../config';
import { readRestoreFile, RestoreRefusedError, restoreBackup } from '../modules/backups/restore';
import { openBackups } from './open-backups';

const USAGE = `Usage:
  npm run restore -- FILE            restore FILE into the configured database, which must be empty
  npm run restore -- FILE --force    replace the data in the database (a backup of it is made first)

Stop the server before restoring. See docs/operations.md, "Backups".
`;

const EXIT = { restored: 0, failed: 1, usage: 2, refused: 3 } as const;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    process.stdout.write(USAGE);
    return files[0] === '--help' || files[0] === '-h' ? EXIT.restored : EXIT.usage;
  }
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  const { database } = config;
  // A restore replaces the schema: in the least-privilege setup only the owner may (DATABASE_OWNER_URL).
  const target =
    database.kind === 'postgres' && database.ownerUrl
      ? ({ kind: 'postgres', url: database.ownerUrl } as const)
      : database;
  // Checked and read before the database is opened (opening PGlite takes the folder for this process).
  const backupFile = await readRestoreFile(target, file);
  const { db, backups } = await openBackups(config, target);
  const report = await restoreBackup({
    target,
    db,
    file: backupFile,
    force,
    backups,
    tools: { binDir: config.backups.pgBinDir, env: config.backups.toolEnv },
  }).finally(() => db.close());
  if (report.safetyBackup) process.stdout.write(`The replaced data was backed up first: ${report.safetyBackup}\n`);
  process.stdout.write(`Restored ${file}: ${report.tables} tables, ${report.rows} rows.\n`);
  if (report.pendingMigrations.length) {
    process.stdout.write(
      `The backup predates ${report.pendingMigrations.length} migration(s); the server applies them when it starts.\n`,
    );
  }
  return EXIT.restored;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RestoreRefusedError) {
      process.stderr.write(`Restore refused: ${message}\n`);
      process.exit(EXIT.refused);
    }
    process.stderr.write(`Restore failed: ${message}\n`);
    process.exit(EXIT.failed);
  },
);
