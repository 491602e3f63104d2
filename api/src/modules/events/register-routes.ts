// /api/events/{id}/register and /api/events/{id}/nudge: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import { registerSchema } from '../../../../shared/schemas/registers';
import { currentUser, requireUser } from '../auth/request-auth';
import { parse, parseId } from '../../http/validate';
import type { NudgeService } from './nudge-service';
import type { RegisterService } from './register-service';

export function registerRouter(register: RegisterService, nudges: NudgeService): Router {
  const router = Router();
  const eventId = (params: { id?: string }) => parseId(params.id, 'event');

  router.get('/events/:id/register', requireUser, async (req, res) => {
    res.json(await register.get(currentUser(req), eventId(req.params)));
  });

  router.put('/events/:id/register', requireUser, async (req, res) => {
    const id = eventId(req.params);
    res.json(await register.save(currentUser(req), id, parse(registerSchema, req.body)));
  });

  router.post('/events/:id/nudge', requireUser, async (req, res) => {
    res.status(202).json(await nudges.nudge(currentUser(req), eventId(req.params)));
  });

  return router;
}
