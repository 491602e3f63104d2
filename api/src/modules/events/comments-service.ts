// Comments on an event: reading, writing, editing, removing and reporting them. Everyone who may see the event
// may read and write; its organisers and admins may remove others' comments.
import type { ReportCategory } from '../../../../shared/constants';
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { CommentItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import type { Viewer } from '../users/viewer';
import * as commentsRepo from './comments-repository';
import type { EventAccess } from './event-access';

export function createCommentsService(
  deps: Pick<AppDeps, 'notifications' | 'now' | 'prisma'>,
  { access, minors }: { access: EventAccess; minors: MinorsService },
) {
  const { prisma, notifications } = deps;
  const { visibleRecord } = access;

  /** A minor who commented reads as "Maria S." to other members (minors-service: shownTo). */
  async function comments(viewer: Viewer, id: number): Promise<CommentItem[]> {
    const event = await visibleRecord(viewer, id);
    const list = await commentsRepo.listComments(prisma, id);
    const authors = await minors.shownTo(
      viewer,
      list.map((comment) => comment.user),
      await access.manages(viewer, event),
    );
    return list.map((comment, index) => ({ ...comment, user: authors[index]! }));
  }

  /** `content` comes trimmed and non-empty from commentSchema. */
  async function addComment(viewer: Viewer, id: number, content: string): Promise<CommentItem> {
    await visibleRecord(viewer, id);
    await minors.assertMayTakePart(viewer);
    const comment = await commentsRepo.addComment(prisma, id, viewer.id, content);
    if (!comment) throw notFound(MSG.eventNotFound);
    return comment;
  }

  /** A live comment of an event the viewer may see; the event's record comes along for the organiser check. */
  async function visibleComment(viewer: Viewer, id: number, commentId: number) {
    const event = await visibleRecord(viewer, id);
    const comment = await commentsRepo.findLiveComment(prisma, id, commentId);
    if (!comment) throw notFound(MSG.commentNotFound);
    return { event, comment };
  }

  /** Only the author changes their words; `content` comes as commentSchema leaves it. */
  async function editComment(viewer: Viewer, id: number, commentId: number, content: string): Promise<CommentItem> {
    const { comment } = await visibleComment(viewer, id, commentId);
    if (comment.userId !== viewer.id) throw forbidden(MSG.onlyAuthorEditsComment);
    const edited = await commentsRepo.editComment(prisma, commentId, content, deps.now());
    if (!edited) throw notFound(MSG.commentNotFound);
    return edited;
  }

  /** The author, the event's managers (its organiser, its section's leaders, admins); another's removal is audited. */
  async function removeComment(viewer: Viewer, id: number, commentId: number): Promise<void> {
    const { event, comment } = await visibleComment(viewer, id, commentId);
    if (comment.userId !== viewer.id && !(await access.manages(viewer, event)))
      throw forbidden(MSG.mayNotRemoveComment);
    if (!(await commentsRepo.removeComment(prisma, comment, viewer.id, deps.now())))
      throw notFound(MSG.commentNotFound);
  }

  /**
   * Any member who can see the comment, once. The admins hear of it in their next digest; a safeguarding concern
   * cannot wait an hour, so it alerts them at once instead.
   */
  async function reportComment(
    viewer: Viewer,
    id: number,
    commentId: number,
    report: { category: ReportCategory; reason: string },
  ): Promise<void> {
    await visibleComment(viewer, id, commentId);
    const outcome = await commentsRepo.fileReport(
      prisma,
      { id: commentId, eventId: id },
      viewer.id,
      report,
      (tx, reportId) =>
        report.category === 'safeguarding'
          ? notifications.safeguardingAlert(reportId, id, tx)
          : notifications.reportsDigest(tx),
    );
    if (outcome === 'already-reported') throw conflict(MSG.alreadyReported);
    if (outcome === 'comment-gone') throw notFound(MSG.commentNotFound);
  }

  return { comments, addComment, editComment, removeComment, reportComment };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
