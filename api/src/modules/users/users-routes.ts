// /api/users/*: the signed-in user's own profile and preferences, and the member directory.
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { toCurrentUser } from './users-repository';

export function usersRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get('/users/me', requireUser, (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  return router;
}
