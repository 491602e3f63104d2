// The audit log (audit_log): governance actions, each written by the use case in the transaction of its change,
// so the change and its record commit together or not at all. The database refuses to change an entry, or to
// delete one within the retention period.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { AuditDetails } from '../../../../shared/audit-details';
import type { AuditAction } from '../../../../shared/constants';
import type { Prisma } from '../../db/database';

/** A transaction or the client itself. */
export type AuditDb = Prisma | PrismaTypes.TransactionClient;

export interface AuditRecord {
  /** The member who acted; null for the system (the CLI, a scheduled job, a sign-in by configuration). */
  actorId: number | null;
  action: AuditAction;
  subject: { type: string; id: string | number };
  /** Only names AUDIT_DETAIL_KEYS lists: the audit tab has a label for each. */
  details?: AuditDetails;
}

export async function recordAudit(db: AuditDb, record: AuditRecord): Promise<void> {
  await db.auditEntry.create({
    data: {
      actorId: record.actorId,
      action: record.action,
      subjectType: record.subject.type,
      subjectId: String(record.subject.id),
      details: record.details ?? {},
    },
  });
}

/** Several entries in one statement (a download that read many members' records writes one entry each). */
export async function recordAudits(db: AuditDb, records: AuditRecord[]): Promise<void> {
  if (!records.length) return;
  await db.auditEntry.createMany({
    data: records.map((record) => ({
      actorId: record.actorId,
      action: record.action,
      subjectType: record.subject.type,
      subjectId: String(record.subject.id),
      details: record.details ?? {},
    })),
  });
}

export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
  /** Entries with a smaller id than this (the page before's last). */
  before?: bigint;
  limit: number;
}

/** Newest first by id (the order they were written), one more than asked so the caller knows if more follow. */
export async function listAudit(prisma: Prisma, filter: AuditFilter) {
  const entries = await prisma.auditEntry.findMany({
    where: {
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.actorId ? { actorId: filter.actorId } : {}),
      ...(filter.before ? { id: { lt: filter.before } } : {}),
    },
    orderBy: { id: 'desc' },
    take: filter.limit + 1,
  });
  const actorIds = [...new Set(entries.map((entry) => entry.actorId).filter((id): id is number => id !== null))];
  // No foreign key on actor_id (an entry outlives its account): names are read now, and a gone account is null.
  const actors = actorIds.length
    ? await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } })
    : [];
  return { entries, names: new Map(actors.map((actor) => [actor.id, actor.name])) };
}

/**
 * The retention job: audit_log_prune() removes the entries older than the retention period (AUDIT_RETENTION_DAYS,
 * on the database's clock) and records how many in an audit.pruned entry. It runs with the owner's rights: the
 * table's trigger refuses to delete a younger entry to anyone, and the app's role may not delete at all.
 */
export async function pruneAudit(prisma: Prisma): Promise<number> {
  const rows = await prisma.$queryRaw<Array<{ removed: number }>>`SELECT audit_log_prune() AS removed`;
  return Number(rows[0]?.removed ?? 0);
}
