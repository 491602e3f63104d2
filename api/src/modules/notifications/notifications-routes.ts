// Routes of the notifications module: the admin test endpoints.
import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function notificationsRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
