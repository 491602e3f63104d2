// /api/admin/members/{id}/checks, /api/admin/checks/expiring and /api/events/{id}/leaders (and its candidates):
// HTTP only — parse, call the service, answer.
import { Router } from 'express';
import {
  eventLeadersSchema,
  expiringQuerySchema,
  leaderCheckCreateSchema,
} from '../../../../shared/schemas/leader-checks';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireAdmin, requireUser } from '../auth/request-auth';
import type { LeadersService } from './leaders-service';

export function leadersRouter(leaders: LeadersService): Router {
  const router = Router();
  const memberId = (params: { id?: string }) => parseId(params.id, 'member');

  router.get('/admin/members/:id/checks', requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await leaders.memberChecks(memberId(req.params)));
  });

  router.post('/admin/members/:id/checks', requireAdmin, async (req, res) => {
    const id = memberId(req.params);
    res.status(201).json(await leaders.addCheck(currentUser(req), id, parse(leaderCheckCreateSchema, req.body)));
  });

  router.delete('/admin/members/:id/checks/:checkId', requireAdmin, async (req, res) => {
    const id = memberId(req.params);
    await leaders.removeCheck(currentUser(req), id, parseId(req.params.checkId, 'check'));
    res.status(204).end();
  });

  router.get('/admin/checks/expiring', requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await leaders.expiring(parse(expiringQuerySchema, req.query).days));
  });

  router.get('/events/:id/leaders', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await leaders.eventLeaders(currentUser(req), parseId(req.params.id, 'event')));
  });

  router.get('/events/:id/leaders/candidates', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await leaders.candidates(currentUser(req), parseId(req.params.id, 'event')));
  });

  router.put('/events/:id/leaders', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'event');
    res.json(await leaders.setEventLeaders(currentUser(req), id, parse(eventLeadersSchema, req.body).userIds));
  });

  return router;
}
