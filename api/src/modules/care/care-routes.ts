// Care cards and trip sheets over HTTP: the member's own card (/api/users/me/care), a guardian's child's
// (/api/guardian/children/{id}/care), an admin's read (/api/admin/members/{id}/care) and an event's trip sheet
// (/api/events/{id}/trip-sheet[.csv]). HTTP only — parse, call, answer; never kept by a cache.
import { Router, type RequestHandler } from 'express';
import { careCardInputSchema } from '../../../../shared/care';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireAdmin, requireUser } from '../auth/request-auth';
import type { CareService } from './care-service';
import type { TripSheetService } from './trip-sheet-service';

/** Medical details: no shared cache, browser cache or proxy keeps a copy. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function careRouter(care: CareService, tripSheets: TripSheetService): Router {
  const router = Router();

  router.get('/users/me/care', requireUser, noStore, async (req, res) => {
    res.json(await care.own(currentUser(req)));
  });

  router.put('/users/me/care', requireUser, noStore, async (req, res) => {
    const input = parse(careCardInputSchema, req.body);
    res.json(await care.saveOwn(currentUser(req), input));
  });

  router.get('/guardian/children/:id/care', requireUser, noStore, async (req, res) => {
    res.json(await care.child(currentUser(req), parseId(req.params.id, 'child')));
  });

  router.put('/guardian/children/:id/care', requireUser, noStore, async (req, res) => {
    const id = parseId(req.params.id, 'child');
    const input = parse(careCardInputSchema, req.body);
    res.json(await care.saveChild(currentUser(req), id, input));
  });

  router.get('/admin/members/:id/care', requireAdmin, noStore, async (req, res) => {
    res.json(await care.ofMember(currentUser(req), parseId(req.params.id, 'member')));
  });

  router.get('/events/:id/trip-sheet', requireUser, noStore, async (req, res) => {
    res.json(await tripSheets.sheet(currentUser(req), parseId(req.params.id, 'event')));
  });

  router.get('/events/:id/trip-sheet.csv', requireUser, noStore, async (req, res) => {
    const { filename, body } = await tripSheets.csv(currentUser(req), parseId(req.params.id, 'event'));
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
    res.send(body);
  });

  return router;
}
