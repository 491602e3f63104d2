// Routes of the telegram module.
import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function telegramRouter(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
