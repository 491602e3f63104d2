// POST /api/events/{id}/share: HTTP only — the Mini App's Share action gets a prepared inline message id
// for Telegram's shareMessage. Answer: { "preparedMessageId": "…" }.
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parseId } from '../../http/validate';
import { createSharedCardsService } from './shared-cards-service';

export function sharedCardsRouter(deps: AppDeps): Router {
  const router = Router();
  const sharing = createSharedCardsService(deps);

  router.post('/events/:id/share', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'event id');
    res.json(await sharing.prepareShare(currentUser(req), id));
  });

  return router;
}
