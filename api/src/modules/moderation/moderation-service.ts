// Admins working through reported comments: the list (open or resolved) and resolving one. Admin-only
// (the routes require it); the rules about whom a resolution may suspend live here.
import { conflict, notFound } from '../../../../shared/errors';
import type { ReportCategory } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { ReportAction, ReportItem, ReportsPage, ReportStatus } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../users/viewer';
import * as repo from './moderation-repository';

export const REPORTS_PAGE_SIZE = 50;

export function createModerationService(deps: Pick<AppDeps, 'prisma' | 'now'>) {
  const { prisma } = deps;

  async function list(
    filter: { status: ReportStatus; category?: ReportCategory },
    cursor?: string,
  ): Promise<ReportsPage> {
    const rows = await repo.listReports(prisma, filter, cursor ? Number(cursor) : undefined, REPORTS_PAGE_SIZE);
    const reports = rows.slice(0, REPORTS_PAGE_SIZE);
    return {
      reports,
      nextCursor: rows.length > REPORTS_PAGE_SIZE ? String(reports.at(-1)!.id) : null,
    };
  }

  /**
   * Suspending from a report is for members and organisers: an admin's own comment, or another admin's, is
   * removed instead through the Members page after a deliberate change of role (409 here).
   */
  async function resolve(admin: Viewer, id: number, action: ReportAction): Promise<ReportItem> {
    const report = await repo.findReport(prisma, id);
    if (!report) throw notFound(MSG.reportNotFound);
    if (report.status !== 'open') throw conflict(MSG.reportAlreadyResolved);
    if (action === 'suspend_author' && (report.comment.userId === admin.id || report.comment.user.role === 'admin'))
      throw conflict(MSG.mayNotSuspendAdmin);
    const outcome = await repo.resolveReport(prisma, report, action, admin.id, deps.now());
    if (outcome.kind === 'already-resolved') throw conflict(MSG.reportAlreadyResolved);
    return outcome.report;
  }

  return { list, resolve };
}

export type ModerationService = ReturnType<typeof createModerationService>;
