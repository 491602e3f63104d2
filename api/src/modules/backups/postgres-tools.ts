// PostgreSQL's own backup programs, pg_dump and pg_restore, run as child processes: the documented routine
// (custom-format archive, restored in one transaction), nothing of ours in between.
import { spawn } from 'node:child_process';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

export class BackupToolMissingError extends Error {}

export interface PgTools {
  /** The folder of pg_dump and pg_restore; undefined: PATH. */
  binDir?: string;
  /** Their environment (config.backups.toolEnv): PATH, HOME, libpq's PG* variables. */
  env: Record<string, string>;
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line is readable by every user
 * of the machine (ps), a process's environment is not.
 */
function connection(tools: PgTools, url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...tools.env, PGPASSWORD: password } : tools.env };
}

function run(
  tools: PgTools,
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  env: Record<string, string>,
  stdout: FileHandle | 'ignore' | 'pipe',
): Promise<string> {
  const bin = tools.binDir ? path.join(tools.binDir, program) : program;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env,
      stdio: ['ignore', typeof stdout === 'string' ? stdout : stdout.fd, 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupToolMissingError(
            `${program} was not found (${tools.binDir ? `looked in BACKUP_PG_BIN_DIR=${tools.binDir}` : 'looked on PATH'}). ` +
              `Backups of PostgreSQL need PostgreSQL's client programs of the server's major version or newer: ` +
              `on Debian or Ubuntu \`apt-get install postgresql-client\`, or set BACKUP_PG_BIN_DIR to their folder.`,
          ),
        );
      } else reject(error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${program} failed (${signal ?? `exit code ${code}`}): ${errors.trim() || 'no message'}`));
    });
  });
}

/** Writes a custom-format archive of the database to `file`, then checks that pg_restore can read it. */
export async function pgDumpTo(tools: PgTools, url: string, file: FileHandle, partialPath: string): Promise<void> {
  const { dbname, env } = connection(tools, url);
  await run(tools, 'pg_dump', ['--format=custom', '--no-password', `--dbname=${dbname}`], env, file);
  await file.sync();
  await run(tools, 'pg_restore', ['--list', partialPath], env, 'pipe');
}

/**
 * Restores a custom-format archive into the (emptied) database in one transaction: should anything fail,
 * nothing of the backup is left half-loaded. Owners and grants are the restoring user's, so a backup of one
 * server restores on another.
 */
export async function pgRestoreFrom(tools: PgTools, url: string, file: string): Promise<void> {
  const { dbname, env } = connection(tools, url);
  await run(
    tools,
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
    'ignore',
  );
}
