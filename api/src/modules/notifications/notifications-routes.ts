// The admin test endpoints of the notifications module: HTTP only — parse, call, answer.
import { Router } from 'express';
import { testEmailSchema } from '../../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { currentUser, requireAdmin } from '../../http/auth';
import { parse } from '../../http/validate';
import { createNotificationsService } from './notifications-service';

export function notificationsRouter(deps: AppDeps): Router {
  const router = Router();
  const notifications = createNotificationsService(deps);

  router.post('/smtp-settings/test', requireAdmin, async (req, res) => {
    const { testEmail } = parse(testEmailSchema, req.body);
    res.json(await notifications.sendTestEmail(testEmail));
  });

  router.post('/test-notification-template', requireAdmin, async (req, res) => {
    res.json(await notifications.testTemplates(currentUser(req)));
  });

  return router;
}
