// The comments table and the reports about them. Commenters are shown by id, name and picture only: members
// never read each other's emails. A removed comment stays in the table (removed_at) so that its reports keep
// the words they were about; every listing leaves it out.
import type { ReportCategory } from '../../../../shared/constants';
import type { CommentItem } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { recordAudit } from '../audit/audit-repository';
import { isPrismaError, type Tx } from './events-repository';

const commentSelect = {
  id: true,
  content: true,
  createdAt: true,
  editedAt: true,
  user: { select: { id: true, name: true, avatarUrl: true } },
} as const;

type CommentRow = {
  id: number;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  user: { id: number; name: string; avatarUrl: string | null };
};

const toItem = (row: CommentRow): CommentItem => ({
  id: row.id,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  user: { id: row.user.id, name: row.user.name, avatarUrl: row.user.avatarUrl },
});

/** Oldest first, so a discussion reads top to bottom. */
export async function listComments(prisma: Prisma, eventId: number): Promise<CommentItem[]> {
  const rows = await prisma.comment.findMany({
    where: { eventId, removedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: commentSelect,
  });
  return rows.map(toItem);
}

/** Null when the event was deleted meanwhile (a foreign-key failure). */
export async function addComment(
  prisma: Prisma,
  eventId: number,
  userId: number,
  content: string,
): Promise<CommentItem | null> {
  try {
    return toItem(await prisma.comment.create({ data: { eventId, userId, content }, select: commentSelect }));
  } catch (error) {
    if (isPrismaError(error, 'P2003')) return null;
    throw error;
  }
}

/** A comment of this event that nobody has removed, with its author; null otherwise. */
export const findLiveComment = (prisma: Prisma, eventId: number, commentId: number) =>
  prisma.comment.findFirst({
    where: { id: commentId, eventId, removedAt: null },
    select: { id: true, userId: true, eventId: true },
  });

/** Null when it was removed meanwhile. */
export async function editComment(
  prisma: Prisma,
  commentId: number,
  content: string,
  now: Date,
): Promise<CommentItem | null> {
  const { count } = await prisma.comment.updateMany({
    where: { id: commentId, removedAt: null },
    data: { content, editedAt: now },
  });
  if (!count) return null;
  return toItem(await prisma.comment.findUniqueOrThrow({ where: { id: commentId }, select: commentSelect }));
}

/**
 * Removes a live comment (false if it was already gone). Removing someone else's comment is moderation: it is
 * recorded in the audit log in the same transaction. Open reports about it are left for an admin to close.
 */
export async function removeComment(
  db: Prisma | Tx,
  comment: { id: number; userId: number; eventId: number },
  removerId: number,
  now: Date,
): Promise<boolean> {
  const remove = async (tx: Tx) => {
    const { count } = await tx.comment.updateMany({
      where: { id: comment.id, removedAt: null },
      data: { removedAt: now, removedBy: removerId },
    });
    if (count && removerId !== comment.userId)
      await recordAudit(tx, {
        actorId: removerId,
        action: 'comment.removed',
        subject: { type: 'comment', id: comment.id },
        details: { eventId: comment.eventId, authorId: comment.userId },
      });
    return count > 0;
  };
  return '$transaction' in db ? db.$transaction(remove) : remove(db);
}

export type ReportOutcome = 'reported' | 'already-reported' | 'comment-gone';

/**
 * Files the member's report and, in the same transaction, runs `alongside` (the admins' digest, or their alert of a
 * safeguarding concern, which is also audited). Once per member and comment: the unique pair turns a second report,
 * even a simultaneous one, into 'already-reported'.
 */
export async function fileReport(
  prisma: Prisma,
  comment: { id: number; eventId: number },
  reporterId: number,
  report: { category: ReportCategory; reason: string },
  alongside: (tx: Tx, reportId: number) => Promise<void>,
): Promise<ReportOutcome> {
  try {
    return await prisma.$transaction(async (tx) => {
      const { id } = await tx.commentReport.create({
        data: { commentId: comment.id, reporterId, ...report },
        select: { id: true },
      });
      if (report.category === 'safeguarding')
        await recordAudit(tx, {
          actorId: reporterId,
          action: 'report.safeguarding',
          subject: { type: 'report', id },
          details: { commentId: comment.id, eventId: comment.eventId },
        });
      await alongside(tx, id);
      return 'reported' as const;
    });
  } catch (error) {
    if (isPrismaError(error, 'P2002')) return 'already-reported';
    if (isPrismaError(error, 'P2003')) return 'comment-gone';
    throw error;
  }
}
