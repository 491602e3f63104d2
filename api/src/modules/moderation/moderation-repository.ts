// Reports of comments as the admins work through them, and what resolving one changes: the reports of the
// comment close, the comment may go, its author may be suspended (their sessions end with it), and each of
// these is written to the audit log, all in one transaction.
import type { ReportCategory } from '../../../../shared/constants';
import type { ReportAction, ReportItem, ReportStatus } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { recordAudit } from '../audit/audit-repository';
import { removeComment } from '../events/comments-repository';
import type { Tx } from '../events/events-repository';

const reportSelect = {
  id: true,
  status: true,
  category: true,
  reason: true,
  createdAt: true,
  reporter: { select: { id: true, name: true } },
  comment: { select: { id: true, content: true, eventId: true, user: { select: { id: true, name: true } } } },
} as const;

type ReportRow = {
  id: number;
  status: string;
  category: string;
  reason: string;
  createdAt: Date;
  reporter: { id: number; name: string };
  comment: { id: number; content: string; eventId: number; user: { id: number; name: string } };
};

const toItem = (row: ReportRow): ReportItem => ({
  id: row.id,
  status: row.status as ReportStatus,
  // The table's CHECK keeps it one of the four.
  category: row.category as ReportCategory,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  reporter: row.reporter,
  comment: { id: row.comment.id, content: row.comment.content, eventId: row.comment.eventId, author: row.comment.user },
});

/** Newest first (of one category when given); one more than `limit` so the caller knows whether another page follows. */
export async function listReports(
  prisma: Prisma,
  filter: { status: ReportStatus; category?: ReportCategory },
  beforeId: number | undefined,
  limit: number,
): Promise<ReportItem[]> {
  const rows = await prisma.commentReport.findMany({
    where: { ...filter, ...(beforeId ? { id: { lt: beforeId } } : {}) },
    orderBy: { id: 'desc' },
    take: limit + 1,
    select: reportSelect,
  });
  return rows.map(toItem);
}

export const findReport = (prisma: Prisma, id: number) =>
  prisma.commentReport.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      comment: { select: { id: true, userId: true, eventId: true, user: { select: { role: true } } } },
    },
  });

export type ResolveOutcome = { kind: 'resolved'; report: ReportItem } | { kind: 'already-resolved' };

/**
 * Resolves the report and every other open report of the same comment with `action`, in one transaction
 * with its consequences and their audit entries. 'already-resolved' when another admin got there first.
 */
export async function resolveReport(
  prisma: Prisma,
  report: { id: number; comment: { id: number; userId: number; eventId: number } },
  action: ReportAction,
  adminId: number,
  now: Date,
): Promise<ResolveOutcome> {
  return prisma.$transaction(async (tx: Tx) => {
    const { comment } = report;
    // Guarded by status: of two admins resolving at once, the second changes nothing.
    const { count } = await tx.commentReport.updateMany({
      where: { id: report.id, status: 'open' },
      data: { status: 'resolved', resolution: action, resolvedAt: now, resolvedBy: adminId },
    });
    if (!count) return { kind: 'already-resolved' } as const;
    const others = await tx.commentReport.updateMany({
      where: { commentId: comment.id, status: 'open' },
      data: { status: 'resolved', resolution: action, resolvedAt: now, resolvedBy: adminId },
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'report.resolved',
      subject: { type: 'report', id: report.id },
      details: { action, commentId: comment.id, eventId: comment.eventId, alsoResolved: others.count },
    });
    if (action !== 'dismiss') await removeComment(tx, comment, adminId, now);
    if (action === 'suspend_author') await suspend(tx, comment.userId, adminId, report.id);
    const resolved = await tx.commentReport.findUniqueOrThrow({ where: { id: report.id }, select: reportSelect });
    return { kind: 'resolved', report: toItem(resolved) } as const;
  });
}

/** Suspended at once: the status changes and every session ends in the same transaction. */
async function suspend(tx: Tx, userId: number, adminId: number, reportId: number): Promise<void> {
  const { count } = await tx.user.updateMany({
    where: { id: userId, status: { not: 'suspended' } },
    data: { status: 'suspended' },
  });
  await tx.session.deleteMany({ where: { userId } });
  if (count)
    await recordAudit(tx, {
      actorId: adminId,
      action: 'member.suspended',
      subject: { type: 'user', id: userId },
      details: { reportId },
    });
}
