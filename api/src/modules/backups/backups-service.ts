// Making backups: PGlite through PGlite's own pg_dump, PostgreSQL through pg_dump; each written atomically into
// the backups folder, after which the oldest beyond the kept count are deleted. Nothing here logs contents.
import type { PGlite } from '@electric-sql/pglite';
import { stat } from 'node:fs/promises';
import type { Logger } from '../../logger';
import {
  backupName,
  listBackups,
  pruneBackups,
  writeAtomically,
  type BackupFile,
  type BackupFormat,
} from './backup-files';
import { compressDump, dumpPglite } from './pglite-dump';
import { pgDumpTo } from './postgres-tools';

/** What is backed up: the open PGlite (one process owns it), or PostgreSQL by its URL. */
export type BackupSource = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

export interface BackupsSettings {
  dir: string;
  keep: number;
  pgBinDir?: string;
  /** The environment pg_dump and pg_restore get. */
  toolEnv: Record<string, string>;
}

export interface BackupOptions {
  /** Added to the file name (`before-restore`). */
  label?: string;
  /** Whether older backups beyond the kept count are deleted afterwards (default true). */
  prune?: boolean;
}

export interface BackupResult {
  backup: BackupFile;
  /** Names of the old backups deleted. */
  pruned: string[];
}

export interface BackupsService {
  settings: BackupsSettings;
  /** Makes a backup now (one at a time per process: a second call waits for the first). */
  backUp(options?: BackupOptions): Promise<BackupResult>;
  /** The newest finished backup, or null. */
  latest(): Promise<BackupFile | null>;
}

export function formatOf(kind: BackupSource['kind']): BackupFormat {
  return kind === 'pglite' ? 'pglite-sql' : 'postgres-custom';
}

export function createBackupsService(
  source: BackupSource,
  settings: BackupsSettings,
  deps: { now: () => Date; logger: Logger },
): BackupsService {
  let queue: Promise<unknown> = Promise.resolve();

  async function write({ label, prune = true }: BackupOptions): Promise<BackupResult> {
    const createdAt = deps.now();
    const format = formatOf(source.kind);
    const name = backupName(createdAt, format, label);
    const path = await writeAtomically(settings.dir, name, async (file, partialPath) => {
      if (source.kind === 'pglite') await file.writeFile(await compressDump(await dumpPglite(source.pglite)));
      else await pgDumpTo({ binDir: settings.pgBinDir, env: settings.toolEnv }, source.url, file, partialPath);
    });
    const { size } = await stat(path);
    const pruned = prune ? await pruneBackups(settings.dir, settings.keep, deps.now()) : [];
    deps.logger.info({ backup: name, bytes: size, pruned }, 'backup written');
    return { backup: { name, path, createdAt, size, format }, pruned };
  }

  return {
    settings,
    backUp(options = {}) {
      const run = queue.then(() => write(options));
      queue = run.catch(() => {});
      return run;
    },
    latest: async () => (await listBackups(settings.dir))[0] ?? null,
  };
}
