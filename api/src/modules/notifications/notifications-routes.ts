// The admin test endpoints of the notifications module: HTTP only — parse, call, answer.
import { Router } from 'express';
import { testEmailSchema } from '../../../../shared/schemas/admin';
import { currentUser, requireAdmin } from '../auth/request-auth';
import { parse } from '../../http/validate';
import { type NotificationsService } from './notifications-service';

export function notificationsRouter(notifications: NotificationsService): Router {
  const router = Router();

  router.post('/smtp-settings/test', requireAdmin, async (req, res) => {
    const { testEmail } = parse(testEmailSchema, req.body);
    res.json(await notifications.sendTestEmail(testEmail, req.language ?? null));
  });

  router.post('/test-notification-template', requireAdmin, async (req, res) => {
    res.json(await notifications.testTemplates(currentUser(req), req.language ?? null));
  });

  return router;
}
