// Reading the audit log (admins) and keeping it to its retention period (housekeeping). Nothing here changes
// an entry: the log is append-only, and only the retention job may remove old ones.
import type { AuditQuery } from '../../../../shared/schemas/admin';
import type { AuditPage } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { listAudit, pruneAudit } from './audit-repository';

export function createAuditService(deps: Pick<AppDeps, 'prisma'>) {
  const { prisma } = deps;

  /** Newest first; the cursor is the last entry's id (keyset paging: a page stays right while entries arrive). */
  async function list(query: AuditQuery): Promise<AuditPage> {
    const { entries, names } = await listAudit(prisma, {
      action: query.action,
      actorId: query.actorId,
      before: query.cursor ? BigInt(query.cursor) : undefined,
      limit: query.limit,
    });
    const page = entries.slice(0, query.limit);
    return {
      entries: page.map((entry) => ({
        id: String(entry.id),
        at: entry.at.toISOString(),
        actor:
          entry.actorId === null ? null : { id: entry.actorId, name: names.get(entry.actorId) ?? 'Deleted member' },
        action: entry.action,
        subject: { type: entry.subjectType, id: entry.subjectId },
        details: (entry.details ?? {}) as Record<string, unknown>,
      })),
      nextCursor: entries.length > query.limit ? String(page.at(-1)!.id) : null,
    };
  }

  /**
   * Removes entries older than AUDIT_RETENTION_DAYS (which the migrator stored for the database), on the
   * database's clock; answers how many.
   */
  function pruneExpired(): Promise<number> {
    return pruneAudit(prisma);
  }

  return { list, pruneExpired };
}

export type AuditService = ReturnType<typeof createAuditService>;
