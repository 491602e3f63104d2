// POST /api/events/{id}/share: HTTP only — the Mini App's Share action gets a prepared inline message id
// for Telegram's shareMessage. Answer: { "preparedMessageId": "…" }.
import { Router } from 'express';
import { currentUser, requireUser } from '../auth/request-auth';
import { parseId } from '../../http/validate';
import { type SharedCardsService } from './shared-cards-service';

export function sharedCardsRouter(sharing: SharedCardsService): Router {
  const router = Router();

  router.post('/events/:id/share', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'event');
    res.json(await sharing.prepareShare(currentUser(req), id));
  });

  return router;
}
