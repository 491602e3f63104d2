// Making backups: PGlite through PGlite's own pg_dump, PostgreSQL through pg_dump; each written atomically into
// the backups folder and recorded in the database (when, size, SHA-256, which instance holds the file), after
// which backups beyond the kept nights are deleted. The scheduled backup is taken once across all instances:
// a claimed row, then "was one taken since it was due?". Nothing here logs contents.
import type { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { access, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from '../../logger';
import {
  backupName,
  fileSha256,
  listBackups,
  removeBackups,
  removeStalePartials,
  writeAtomically,
  type BackupFormat,
} from './backup-files';
import { beyondKeptNights } from './backup-nights';
import {
  backupTakenSince,
  claimBackupLease,
  deleteBackupRecords,
  listBackupRecords,
  recordBackup,
  releaseBackupLease,
  savedTimeZone,
  type BackupRecord,
  type BackupsDb,
} from './backups-repository';
import { compressDump, dumpPglite } from './pglite-dump';
import { pgDumpTo } from './postgres-tools';

/** What is backed up: the open PGlite (one process owns it), or PostgreSQL by its URL. */
export type BackupSource = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

export interface BackupsSettings {
  dir: string;
  /** How many nights' backups are kept (the newest of each night). */
  keep: number;
  pgBinDir?: string;
  /** The environment pg_dump and pg_restore get. */
  toolEnv: Record<string, string>;
}

export interface BackupOptions {
  /** Added to the file name (`before-restore`). */
  label?: string;
  /** Whether backups beyond the kept nights are deleted afterwards (default true). */
  prune?: boolean;
}

/** A recorded backup, and where its file is in this instance's folder (when this instance holds it). */
export interface StoredBackup extends BackupRecord {
  path: string;
}

export interface BackupResult {
  backup: StoredBackup;
  /** Names of the old backups deleted. */
  pruned: string[];
}

export interface BackupsService {
  settings: BackupsSettings;
  /** This process, as backups name the instance that holds their file. */
  instance: string;
  /** Makes a backup now (one at a time per process: a second call waits for the first). */
  backUp(options?: BackupOptions): Promise<BackupResult>;
  /**
   * The scheduled backup, taken once across all instances: null when another instance is taking it, or one
   * was taken at or after `dueSince`.
   */
  backUpIfDue(dueSince: Date): Promise<BackupResult | null>;
  /** Every recorded backup, newest first, whichever instance made it. */
  list(): Promise<StoredBackup[]>;
  /** The newest recorded backup, or null. */
  latest(): Promise<StoredBackup | null>;
  /** Whether this instance's folder holds the backup's file (with several instances: a shared volume). */
  isHere(backup: StoredBackup): Promise<boolean>;
}

export function formatOf(kind: BackupSource['kind']): BackupFormat {
  return kind === 'pglite' ? 'pglite-sql' : 'postgres-custom';
}

/** How long a claim on the scheduled backup holds: longer than any backup takes; a dead holder's runs out. */
const LEASE_SECONDS = 60 * 60;

export const defaultInstanceName = () => `${hostname()}:${process.pid}`;

export function createBackupsService(
  source: BackupSource,
  settings: BackupsSettings,
  deps: {
    now: () => Date;
    logger: Logger;
    db: BackupsDb;
    /** The zone whose calendar days are the kept nights when none is saved (NOTIFICATIONS_TIME_ZONE). */
    defaultTimeZone: string;
    instance?: string;
  },
): BackupsService {
  const instance = deps.instance ?? defaultInstanceName();
  const { db, logger } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const stored = (record: BackupRecord): StoredBackup => ({ ...record, path: path.join(settings.dir, record.name) });

  /**
   * Files in this folder the record does not know (made before records existed, by a CLI on a database that was
   * not migrated yet, or restored over): recorded now, so they are listed and counted against the kept nights.
   */
  async function adoptUnrecorded(records: BackupRecord[]): Promise<BackupRecord[]> {
    const known = new Set(records.map((record) => record.name));
    const adopted: BackupRecord[] = [];
    for (const file of await listBackups(settings.dir)) {
      if (known.has(file.name)) continue;
      const record: BackupRecord = {
        name: file.name,
        createdAt: file.createdAt,
        size: file.size,
        sha256: await fileSha256(file.path),
        instance,
        format: file.format,
      };
      await recordBackup(db, record);
      adopted.push(record);
    }
    return adopted;
  }

  async function prune(): Promise<string[]> {
    const records = await listBackupRecords(db);
    const all = [...records, ...(await adoptUnrecorded(records))];
    const zone = (await savedTimeZone(db)) ?? deps.defaultTimeZone;
    const removed = beyondKeptNights(all, settings.keep, zone).map((backup) => backup.name);
    await removeBackups(settings.dir, removed);
    await deleteBackupRecords(db, removed);
    await removeStalePartials(settings.dir, deps.now());
    return removed;
  }

  async function write({ label, prune: pruneAfter = true }: BackupOptions): Promise<BackupResult> {
    const createdAt = deps.now();
    const format = formatOf(source.kind);
    const name = backupName(createdAt, format, label);
    const file = await writeAtomically(settings.dir, name, async (handle, partialPath) => {
      if (source.kind === 'pglite') await handle.writeFile(await compressDump(await dumpPglite(source.pglite)));
      else await pgDumpTo({ binDir: settings.pgBinDir, env: settings.toolEnv }, source.url, handle, partialPath);
    });
    const { size } = await stat(file);
    const record: BackupRecord = { name, createdAt, size, sha256: await fileSha256(file), instance, format };
    // The file is the backup; a record that cannot be written (a database not migrated yet) is made up for by
    // the next prune, which adopts the folder's unrecorded files.
    await recordBackup(db, record).catch((error: unknown) =>
      logger.warn({ err: error, backup: name }, 'backup written but not recorded'),
    );
    const pruned = pruneAfter
      ? await prune().catch((error: unknown) => {
          logger.warn({ err: error }, 'old backups could not be pruned; the next backup tries again');
          return [] as string[];
        })
      : [];
    logger.info({ backup: name, bytes: size, sha256: record.sha256, instance, pruned }, 'backup written');
    return { backup: stored(record), pruned };
  }

  function backUp(options: BackupOptions = {}): Promise<BackupResult> {
    const run = queue.then(() => write(options));
    queue = run.catch(() => {});
    return run;
  }

  return {
    settings,
    instance,
    backUp,
    async backUpIfDue(dueSince) {
      const holder = `${instance}:${randomUUID()}`;
      if (!(await claimBackupLease(db, holder, LEASE_SECONDS))) {
        logger.info({ instance, reason: 'another instance is taking it' }, 'scheduled backup skipped');
        return null;
      }
      try {
        if (await backupTakenSince(db, dueSince)) {
          logger.info({ instance, reason: 'one was taken since it was due' }, 'scheduled backup skipped');
          return null;
        }
        return await backUp();
      } finally {
        await releaseBackupLease(db, holder).catch((error: unknown) =>
          logger.warn({ err: error }, 'could not release the backup claim; it runs out by itself'),
        );
      }
    },
    list: async () => (await listBackupRecords(db)).map(stored),
    latest: async () => {
      const [newest] = await listBackupRecords(db);
      return newest ? stored(newest) : null;
    },
    isHere: (backup) =>
      access(backup.path).then(
        () => true,
        () => false,
      ),
  };
}
