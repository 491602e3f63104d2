// /api/admin/invites, /api/users/me/join (and the members admin API): HTTP only — parse, call, answer.
import { Router, type Request } from 'express';
import { MSG } from '../../../../shared/messages';
import {
  inviteCodeSchema,
  inviteCreateSchema,
  joinSchema,
  memberDeleteSchema,
  memberUpdateSchema,
  membersQuerySchema,
} from '../../../../shared/schemas/membership';
import { notFound } from '../../../../shared/errors';
import { parse, parseId } from '../../http/validate';
import { currentUser, requireAdmin, requireUser } from '../auth/request-auth';
import type { InvitesService } from './invites-service';
import type { MembersAdminService } from './members-admin-service';

const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export function membershipRouter(invites: InvitesService, members: MembersAdminService): Router {
  const router = Router();

  router.get('/admin/members', requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await members.list(parse(membersQuerySchema, req.query)));
  });

  router.patch('/admin/members/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'member');
    res.json(await members.update(currentUser(req).id, id, parse(memberUpdateSchema, req.body)));
  });

  router.delete('/admin/members/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, 'member');
    const { reason } = parse(memberDeleteSchema, req.body);
    await members.remove(currentUser(req).id, id, reason);
    res.status(204).end();
  });

  // Open to anyone holding the code: the invite page names the inviter before the visitor signs in.
  router.get('/invites/:code', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await invites.describe(parse(inviteCodeSchema, req.params.code)));
  });

  router.post('/admin/invites', requireAdmin, async (req, res) => {
    const input = parse(inviteCreateSchema, req.body);
    res.status(201).json(await invites.create(currentUser(req).id, input, requestOrigin(req)));
  });

  router.get('/admin/invites', requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await invites.list(requestOrigin(req)));
  });

  router.delete('/admin/invites/:code', requireAdmin, async (req: Request<{ code: string }>, res) => {
    const code = inviteCodeSchema.safeParse(req.params.code);
    if (!code.success) throw notFound(MSG.inviteUnknown);
    await invites.revoke(currentUser(req).id, code.data);
    res.status(204).end();
  });

  router.post('/users/me/join', requireUser, async (req, res) => {
    const { code } = parse(joinSchema, req.body);
    res.json(await invites.join(currentUser(req), code));
  });

  return router;
}
