// Routes of the admin module.
import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function adminRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
