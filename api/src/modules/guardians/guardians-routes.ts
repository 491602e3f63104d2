// Age and a guardian's consent over HTTP: the member's birth date and their request to a guardian
// (/api/users/me/…), the consent link and the guardian's children (/api/guardian/…), consent an admin
// records (/api/admin/members/{id}/consent) and emailed consents an admin confirms or rejects
// (/api/admin/consents/awaiting, …/consent/verify, …/consent/reject). HTTP only — parse, call, answer.
import { Router, type Request } from 'express';
import {
  birthDateSchema,
  consentGrantSchema,
  consentJudgementSchema,
  consentTokenQuerySchema,
  guardianRequestSchema,
  photoConsentSchema,
  recordedConsentSchema,
} from '../../../../shared/schemas/guardians';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireAdmin, requireUser } from '../auth/request-auth';
import type { MinorsService } from '../minors/minors-service';
import type { GuardiansService } from './guardians-service';

const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export function guardiansRouter(guardians: GuardiansService, minors: MinorsService): Router {
  const router = Router();

  router.put('/users/me/birth-date', requireUser, async (req, res) => {
    const { birthDate } = parse(birthDateSchema, req.body);
    res.json(await minors.setOwnBirthDate(currentUser(req), birthDate));
  });

  router.post('/users/me/guardians', requireUser, async (req, res) => {
    const { email } = parse(guardianRequestSchema, req.body);
    res
      .status(202)
      .json(await guardians.requestConsent(currentUser(req), email, requestOrigin(req), req.language ?? null));
  });

  router.get('/users/me/guardians', requireUser, async (req, res) => {
    // Carries the consent link: never kept by a shared cache.
    res.set('Cache-Control', 'no-store');
    res.json(await guardians.requestState(currentUser(req), requestOrigin(req)));
  });

  /** No sign-in: the token is the secret. */
  router.get('/guardian/consent', async (req, res) => {
    const { token } = parse(consentTokenQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json(await guardians.describeRequest(token, req.language ?? null));
  });

  router.post('/guardian/consent', requireUser, async (req, res) => {
    const { token } = parse(consentGrantSchema, req.body);
    res.json(await guardians.grantConsent(currentUser(req), token));
  });

  router.get('/guardian/children', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await guardians.children(currentUser(req)));
  });

  router.patch('/guardian/children/:id', requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'child');
    const { photoConsent } = parse(photoConsentSchema, req.body);
    res.json(await guardians.setPhotoConsent(currentUser(req), id, photoConsent));
  });

  router.delete('/guardian/children/:id/consent', requireUser, async (req, res) => {
    await guardians.withdrawConsent(currentUser(req), parseId(req.params.id, 'child'));
    res.status(204).end();
  });

  router.post('/admin/members/:id/consent', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'member');
    res.json(await guardians.recordConsent(currentUser(req).id, id, parse(recordedConsentSchema, req.body)));
  });

  router.get('/admin/consents/awaiting', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await guardians.awaitingConsents());
  });

  router.post('/admin/members/:id/consent/verify', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'member');
    const { guardianId } = parse(consentJudgementSchema, req.body);
    res.json(await guardians.verifyConsent(currentUser(req).id, id, guardianId));
  });

  router.post('/admin/members/:id/consent/reject', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'member');
    const { guardianId } = parse(consentJudgementSchema, req.body);
    res.json(await guardians.rejectConsent(currentUser(req).id, id, guardianId));
  });

  return router;
}
