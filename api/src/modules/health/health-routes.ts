// GET /api/health: answers 200 only when the database answers.
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../http/error-middleware';
import { ping } from './health-repository';

export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await ping(deps.prisma);
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: 'Database unavailable', code: 'unavailable', status: 'error', database: 'error' });
    }
  });
  return router;
}
