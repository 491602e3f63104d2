// /api/notification-templates, /api/smtp-settings and /api/admin/organisation: admin-only, HTTP only — parse, call, answer.
import { Router } from 'express';
import { smtpSettingsSchema, templateSchema } from '../../../../shared/schemas/admin';
import { organisationSettingsSchema } from '../../../../shared/schemas/membership';
import type { AppDeps } from '../../deps';
import { currentUser, requireAdmin } from '../auth/request-auth';
import type { OrganisationService } from '../organisation/organisation-service';
import { parse, parseId } from '../../http/validate';
import { getSmtpSettings, saveSmtp } from './smtp-settings-service';
import type { TemplatesService } from './templates-service';

export function adminRouter(deps: AppDeps, templates: TemplatesService, organisation: OrganisationService): Router {
  const router = Router();

  router.get('/admin/organisation', requireAdmin, async (_req, res) => {
    res.json(await organisation.get());
  });

  router.patch('/admin/organisation', requireAdmin, async (req, res) => {
    res.json(await organisation.update(currentUser(req).id, parse(organisationSettingsSchema, req.body)));
  });

  router.get('/notification-templates', requireAdmin, async (_req, res) => {
    res.json(await templates.list());
  });

  router.post('/notification-templates', requireAdmin, async (req, res) => {
    res.status(201).json(await templates.create(currentUser(req).id, parse(templateSchema, req.body)));
  });

  router.patch('/notification-templates/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'template');
    res.json(await templates.update(currentUser(req).id, id, parse(templateSchema, req.body)));
  });

  router.delete('/notification-templates/:id', requireAdmin, async (req, res) => {
    await templates.remove(currentUser(req).id, parseId(req.params.id, 'template'));
    res.json({ success: true });
  });

  router.get('/smtp-settings', requireAdmin, async (_req, res) => {
    res.json(await getSmtpSettings(deps));
  });

  router.post('/smtp-settings', requireAdmin, async (req, res) => {
    res.json(await saveSmtp(deps, currentUser(req).id, parse(smtpSettingsSchema, req.body)));
  });

  return router;
}
