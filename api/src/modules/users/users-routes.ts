// /api/users/*: the signed-in user's own profile and preferences, and the member directory.
import { Router } from 'express';
import { preferencesSchema, updateMeSchema } from '../../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { toCurrentUser } from './users-repository';
import { createUsersService } from './users-service';

export function usersRouter(deps: AppDeps): Router {
  const router = Router();
  const users = createUsersService(deps);

  router.get('/users/me', requireUser, (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  router.patch('/users/me', requireUser, async (req, res) => {
    const input = parse(updateMeSchema, req.body);
    res.json(await users.updateContact(currentUser(req), input));
  });

  router.patch('/users/me/preferences', requireUser, async (req, res) => {
    const { preferences } = parse(preferencesSchema, req.body);
    res.json(await users.updatePreferences(currentUser(req), preferences));
  });

  router.get('/users', requireUser, async (req, res) => {
    res.json(await users.directory(currentUser(req)));
  });

  return router;
}
