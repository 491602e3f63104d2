// /api/events/*: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parseId } from '../../http/validate';
import { createEventsService } from './events-service';

export function eventsRouter(deps: AppDeps): Router {
  const router = Router();
  const events = createEventsService(deps);

  router.get('/events', requireUser, async (req, res) => {
    res.json(await events.list(currentUser(req)));
  });

  router.get('/events/:id', requireUser, async (req, res) => {
    res.json(await events.getVisible(currentUser(req), parseId(req.params.id, 'event id')));
  });

  return router;
}
