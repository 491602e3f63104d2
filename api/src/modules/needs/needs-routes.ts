// /api/admin/needs: the counts on a leader's home and the admin tabs. HTTP only — call, answer.
import { Router } from 'express';
import { currentUser, requireUser } from '../auth/request-auth';
import type { NeedsService } from './needs-service';

export function needsRouter(needs: NeedsService): Router {
  const router = Router();

  router.get('/admin/needs', requireUser, async (req, res) => {
    // Counts change with every approval or report: never kept by a cache.
    res.set('Cache-Control', 'no-store');
    res.json(await needs.forViewer(currentUser(req)));
  });

  return router;
}
