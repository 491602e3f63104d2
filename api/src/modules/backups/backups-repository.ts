// The record of backups and the claim on the scheduled one, in plain SQL: the server reaches it through Prisma,
// the backup and restore CLIs through the bare adapter (they open no Prisma client).
import type { OpenedAdapter } from '../../db/adapters';
import type { Prisma } from '../../db/database';
import type { BackupFormat } from './backup-files';

export interface BackupsDb {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface BackupRecord {
  name: string;
  createdAt: Date;
  size: number;
  sha256: string;
  /** The instance whose backups folder received the file. */
  instance: string;
  format: BackupFormat;
}

export const backupsDbOfPrisma = (prisma: Prisma): BackupsDb => ({
  query: <T>(sql: string, params: unknown[] = []) => prisma.$queryRawUnsafe<T[]>(sql, ...params),
});

export const backupsDbOfAdapter = (db: Pick<OpenedAdapter, 'withSession'>): BackupsDb => ({
  query: <T>(sql: string, params: unknown[] = []) => db.withSession((session) => session.query<T>(sql, params)),
});

const COLUMNS = `name, created_at AS "createdAt", size::float8 AS size, sha256, instance, format`;

type Row = Omit<BackupRecord, 'createdAt'> & { createdAt: Date | string };
const toRecord = (row: Row): BackupRecord => ({ ...row, size: Number(row.size), createdAt: new Date(row.createdAt) });

/** Records a finished backup; a name recorded already (adopted from the folder meanwhile) is left as it is. */
export async function recordBackup(db: BackupsDb, record: BackupRecord): Promise<void> {
  await db.query(
    `INSERT INTO backups (name, created_at, size, sha256, instance, format)
     VALUES ($1, $2::timestamptz, $3::bigint, $4, $5, $6) ON CONFLICT (name) DO NOTHING`,
    [record.name, record.createdAt.toISOString(), String(record.size), record.sha256, record.instance, record.format],
  );
}

/** Every recorded backup, newest first. */
export async function listBackupRecords(db: BackupsDb): Promise<BackupRecord[]> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM backups ORDER BY created_at DESC, name DESC`);
  return rows.map(toRecord);
}

/** Whether a backup was taken at or after `since`: the scheduled run's "was one taken since it was due?". */
export async function backupTakenSince(db: BackupsDb, since: Date): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM backups WHERE created_at >= $1::timestamptz LIMIT 1`, [
    since.toISOString(),
  ]);
  return rows.length > 0;
}

/** When the newest recorded backup was taken (a backup is recorded once written and checked), or null: none. */
export async function newestBackupAt(db: BackupsDb): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | string | null }>(`SELECT max(created_at) AS at FROM backups`);
  return row?.at ? new Date(row.at) : null;
}

export async function deleteBackupRecords(db: BackupsDb, names: string[]): Promise<void> {
  if (names.length) await db.query(`DELETE FROM backups WHERE name = ANY($1::text[])`, [names]);
}

/**
 * Claims the scheduled backup for `holder` for `seconds`, unless another instance holds an unexpired claim.
 * Instances that ask at the same moment queue on the row: exactly one sees it free.
 */
export async function claimBackupLease(db: BackupsDb, holder: string, seconds: number): Promise<boolean> {
  // The database's clock for both ends of the claim: instances' clocks may differ.
  const rows = await db.query(
    `INSERT INTO backup_lease (id, holder, until) VALUES (1, $1, now() + make_interval(secs => $2::int))
     ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE backup_lease.until < now()
     RETURNING holder`,
    [holder, seconds],
  );
  return rows.length > 0;
}

export async function releaseBackupLease(db: BackupsDb, holder: string): Promise<void> {
  await db.query(`UPDATE backup_lease SET until = now() - interval '1 second' WHERE id = 1 AND holder = $1`, [holder]);
}

/** The organisation's time zone as saved (null: none saved, the environment's applies). */
export async function savedTimeZone(db: BackupsDb): Promise<string | null> {
  const [row] = await db.query<{ zone: string | null }>(
    `SELECT time_zone AS zone FROM organisation_settings WHERE id = 1`,
  );
  return row?.zone ?? null;
}
