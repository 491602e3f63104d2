// GET /api/health: answers 200 only when the database answers.
import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await deps.prisma.$queryRaw`SELECT 1`;
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed');
      res.status(503).json({ error: 'Database unavailable', status: 'error', database: 'error' });
    }
  });
  return router;
}
