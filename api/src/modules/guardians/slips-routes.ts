// /api/guardian/children/{childId}/events/{eventId}/approval: HTTP only — parse, call the service, answer.
import { Router } from 'express';
import { slipDecisionSchema } from '../../../../shared/schemas/guardians';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireUser } from '../auth/request-auth';
import type { SlipsService } from './slips-service';

export function slipsRouter(slips: SlipsService): Router {
  const router = Router();

  router.post('/guardian/children/:childId/events/:eventId/approval', requireUser, async (req, res) => {
    const childId = parseId(req.params.childId, 'member');
    const eventId = parseId(req.params.eventId, 'event');
    const { approve } = parse(slipDecisionSchema, req.body);
    res.json(await slips.decide(currentUser(req), childId, eventId, approve));
  });

  return router;
}
