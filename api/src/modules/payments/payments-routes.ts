// /api/events/{id}/attendees/{userId}/payment and …/refund (an event's organisers), /api/payments/defaults
// (members), /api/admin/payments and its CSV (admins): HTTP only — parse, call the service, answer.
import { Router } from 'express';
import { paymentsRangeSchema, recordPaymentSchema, refundSchema } from '../../../../shared/schemas/payments';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireUser } from '../auth/request-auth';
import type { PaymentsLedger } from './payments-ledger';
import type { PaymentsService } from './payments-service';

export function paymentsRouter(payments: PaymentsService, ledger: PaymentsLedger): Router {
  const router = Router();
  const ids = (params: { id?: string; userId?: string }) =>
    [parseId(params.id, 'event'), parseId(params.userId, 'member')] as const;

  router.get('/payments/defaults', requireUser, async (_req, res) => {
    res.json(await payments.defaults());
  });

  router.post('/events/:id/attendees/:userId/payment', requireUser, async (req, res) => {
    const [eventId, userId] = ids(req.params);
    res.json(await payments.record(currentUser(req), eventId, userId, parse(recordPaymentSchema, req.body ?? {})));
  });

  router.delete('/events/:id/attendees/:userId/payment', requireUser, async (req, res) => {
    const [eventId, userId] = ids(req.params);
    res.json(await payments.undo(currentUser(req), eventId, userId));
  });

  router.post('/events/:id/attendees/:userId/refund', requireUser, async (req, res) => {
    const [eventId, userId] = ids(req.params);
    res.json(await payments.refund(currentUser(req), eventId, userId, parse(refundSchema, req.body ?? {})));
  });

  router.get('/admin/payments', requireUser, async (req, res) => {
    res.json(await ledger.entries(currentUser(req), parse(paymentsRangeSchema, req.query)));
  });

  router.get('/admin/payments.csv', requireUser, async (req, res) => {
    const { filename, body } = await ledger.csv(currentUser(req), parse(paymentsRangeSchema, req.query));
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
    res.send(body);
  });

  return router;
}
