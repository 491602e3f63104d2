// The backups folder: names, atomic writes, listing and pruning. Backups hold members' personal data, so the
// folder is 0700 and every file 0600 from the moment it exists.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export type BackupFormat = 'pglite-sql' | 'postgres-custom';

export interface BackupFile {
  name: string;
  path: string;
  createdAt: Date;
  size: number;
  format: BackupFormat;
}

const EXTENSIONS: Record<BackupFormat, string> = { 'pglite-sql': '.sql.gz', 'postgres-custom': '.dump' };
const NAME =
  /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z(?:-[0-9a-f]{8})?(?:-[a-z-]+)?(\.sql\.gz|\.dump)$/;
const PARTIAL_SUFFIX = '.partial';
/** A partial file this old belongs to no backup still running: one that crashed or was killed. */
const STALE_PARTIAL_MS = 60 * 60_000;

/**
 * backup-2026-11-25T03-00-00.000Z-1f2e3d4c.sql.gz: sorts by time and says when it was taken without opening it;
 * the random part keeps two backups of the same millisecond (two instances, a shared folder) apart.
 */
export function backupName(at: Date, format: BackupFormat, label?: string): string {
  const stamp = at.toISOString().replace(/:/g, '-');
  return `backup-${stamp}-${randomBytes(4).toString('hex')}${label ? `-${label}` : ''}${EXTENSIONS[format]}`;
}

/** The file's SHA-256 (hex), read as a stream: a backup may be larger than memory should hold. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function parseName(name: string): { createdAt: Date; format: BackupFormat } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis, extension] = match;
  return {
    createdAt: new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`),
    format: extension === '.dump' ? 'postgres-custom' : 'pglite-sql',
  };
}

export async function ensureBackupDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // An existing folder keeps the mode it was made with: narrow it.
  await chmod(dir, 0o700);
}

/** The finished backups, newest first (partial files of running or crashed backups are not backups). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) found.push({ name, path: file, size: info.size, ...parsed });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1));
}

/**
 * Writes a backup under a temporary name and renames it into place once complete and on disk, so a crash or a
 * failure mid-backup never leaves a truncated file that looks like the latest backup.
 */
export async function writeAtomically(
  dir: string,
  name: string,
  write: (file: FileHandle, partialPath: string) => Promise<void>,
): Promise<string> {
  await ensureBackupDir(dir);
  const final = path.join(dir, name);
  const partial = path.join(dir, `.${name}${PARTIAL_SUFFIX}`);
  const handle = await open(partial, 'wx', 0o600);
  try {
    await write(handle, partial);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, final);
  await syncDir(dir);
  return final;
}

/** Makes the rename itself durable; some file systems cannot sync a folder, and then the rename is enough. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

/** Deletes the named backups from the folder (those another instance's folder holds are not here: no error). */
export async function removeBackups(dir: string, names: string[]): Promise<void> {
  for (const name of names) {
    if (parseName(name)) await rm(path.join(dir, name), { force: true });
  }
}

/** Deletes partial files left by backups that died. */
export async function removeStalePartials(dir: string, now: Date): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
}
