// Reading the audit log (admins) and keeping it to its retention period (housekeeping). Nothing here changes
// an entry: the log is append-only, and only the retention job may remove old ones.
import type { AuditQuery } from '../../../../shared/schemas';
import type { AuditPage } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { listAudit, pruneAuditBefore } from './audit-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createAuditService(deps: Pick<AppDeps, 'prisma' | 'config' | 'now'>) {
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

  /** Removes entries older than AUDIT_RETENTION_DAYS; answers how many. */
  function pruneExpired(): Promise<number> {
    const before = new Date(deps.now().getTime() - deps.config.auditRetentionDays * DAY_MS);
    return pruneAuditBefore(prisma, before);
  }

  return { list, pruneExpired };
}

export type AuditService = ReturnType<typeof createAuditService>;
