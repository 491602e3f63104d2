// A family's screens over HTTP: the care form's rules (/api/users/me/care/rules, a guardian's
// /api/guardian/children/{id}/care/rules) and a child's upcoming events for their guardian
// (/api/guardian/children/{id}/events). HTTP only — parse, call, answer.
import { Router } from 'express';
import { eventsPageQuerySchema } from '../../../../shared/schemas/events';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireUser } from '../auth/request-auth';
import type { FamilyService } from './family-service';

export function familyRouter(family: FamilyService): Router {
  const router = Router();

  router.get('/users/me/care/rules', requireUser, async (req, res) => {
    res.json(await family.ownRules(currentUser(req)));
  });

  router.get('/guardian/children/:id/care/rules', requireUser, async (req, res) => {
    res.json(await family.childRules(currentUser(req), parseId(req.params.id, 'child')));
  });

  router.get('/guardian/children/:id/events', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'child');
    const query = parse(eventsPageQuerySchema, req.query);
    // The child's replies and the events' places change as anyone replies: never kept by a cache.
    res.set('Cache-Control', 'no-store');
    res.json(await family.childEvents(currentUser(req), id, query));
  });

  return router;
}
