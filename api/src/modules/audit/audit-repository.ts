// The audit log (audit_log): governance actions, each written by the use case in the transaction of its change,
// so the change and its record commit together or not at all. The database refuses to change or delete an entry.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { AuditAction } from '../../../../shared/constants';
import type { Prisma } from '../../db/database';

/** A transaction or the client itself. */
export type AuditDb = Prisma | PrismaTypes.TransactionClient;

export interface AuditRecord {
  /** The member who acted; null for the system (the CLI, a scheduled job, a sign-in by configuration). */
  actorId: number | null;
  action: AuditAction;
  subject: { type: string; id: string | number };
  /** What a reader needs to understand the entry; never a secret, never more personal data than the action needs. */
  details?: Record<string, string | number | boolean | null>;
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
