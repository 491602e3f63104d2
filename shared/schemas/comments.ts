// Comments on events, reports of them, and the admins' handling of those reports.
import { z } from 'zod';
import { LIMITS, REPORT_CATEGORIES } from '../constants';
import { MSG } from '../messages';
import { UNSTORABLE_TEXT, isStorableText, pageCursor } from './fields';
import { eitherOr, oneOf, oneOfThree, tooLongMessage } from './said';

export const commentSchema = z.object({
  content: z
    .string({ error: MSG.commentEmpty })
    .trim()
    .min(1, { error: MSG.commentEmpty })
    .max(LIMITS.comment, { error: tooLongMessage('comment', LIMITS.comment) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT }),
});

/**
 * POST /api/events/{id}/comments/{commentId}/report. `category` is optional so that clients from before categories
 * keep working (their reports are "other"); the reason may be left out only when a category other than "other"
 * says what is wrong.
 */
export const commentReportSchema = z
  .object({
    category: z.enum(REPORT_CATEGORIES, { error: oneOf('Category', REPORT_CATEGORIES) }).default('other'),
    reason: z
      .string({ error: MSG.reportReasonEmpty })
      .trim()
      .max(LIMITS.reportReason, { error: tooLongMessage('reason', LIMITS.reportReason) })
      .refine(isStorableText, { error: UNSTORABLE_TEXT })
      .optional(),
  })
  .transform((body, ctx) => {
    const reason = body.reason ?? '';
    if (!reason && body.category === 'other') {
      ctx.addIssue({ code: 'custom', message: MSG.reportReasonEmpty, path: ['reason'] });
      return z.NEVER;
    }
    return { category: body.category, reason };
  });

/** GET /api/admin/reports */
export const reportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: eitherOr('Status', 'open', 'resolved') }).default('open'),
  /** Only reports of this category; all when absent. */
  category: z.enum(REPORT_CATEGORIES, { error: oneOf('Category', REPORT_CATEGORIES) }).optional(),
  cursor: pageCursor,
});

/** POST /api/admin/reports/{id}/resolve */
export const resolveReportSchema = z.object({
  action: z.enum(['dismiss', 'remove_comment', 'suspend_author'], {
    error: oneOfThree('Action', 'dismiss', 'remove_comment', 'suspend_author'),
  }),
});
