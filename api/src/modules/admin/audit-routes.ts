// /api/admin/audit: admin-only, read-only — parse, call, answer.
import { Router } from 'express';
import { auditQuerySchema } from '../../../../shared/schemas/admin';
import { parse } from '../../http/validate';
import { requireAdmin } from '../auth/request-auth';
import type { AuditService } from '../audit/audit-service';

export function auditRouter(audit: AuditService): Router {
  const router = Router();

  router.get('/admin/audit', requireAdmin, async (req, res) => {
    res.json(await audit.list(parse(auditQuerySchema, req.query)));
  });

  return router;
}
