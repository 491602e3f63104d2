// /api/admin/reports: admin-only, HTTP only — parse, call, answer.
import { Router } from 'express';
import { reportsQuerySchema, resolveReportSchema } from '../../../../shared/schemas/comments';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireAdmin } from '../auth/request-auth';
import type { ModerationService } from './moderation-service';

export function moderationRouter(moderation: ModerationService): Router {
  const router = Router();

  router.get('/admin/reports', requireAdmin, async (req, res) => {
    const { status, category, cursor } = parse(reportsQuerySchema, req.query);
    res.json(await moderation.list({ status, category }, cursor));
  });

  router.post('/admin/reports/:id/resolve', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'report');
    const { action } = parse(resolveReportSchema, req.body);
    res.json(await moderation.resolve(currentUser(req), id, action));
  });

  return router;
}
