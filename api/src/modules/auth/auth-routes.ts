// /api/auth/*: sign-in, sign-out and the public client configuration.
import { Router } from 'express';
import { loginSchema } from '../../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { rateLimit } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { toCurrentUser } from '../users/users-repository';
import { createAuthService } from './auth-service';
import { DEMO_ACCOUNTS } from './demo';
import { endSession, startSession } from './sessions';

export function authRouter(deps: AppDeps): Router {
  const router = Router();
  const service = createAuthService(deps);
  const signInLimit = rateLimit(deps.prisma, {
    name: 'sign-in',
    limit: deps.config.rateLimitAuthPerMinute,
    windowMs: 60_000,
  });

  /** What the web app needs to offer sign-in: which providers exist, and demo mode. */
  router.get('/auth/config', (_req, res) => {
    res.json({
      googleClientId: deps.config.google.clientId ?? null,
      telegramBotUsername: deps.config.telegram.botUsername ?? null,
      demoMode: deps.config.demoMode,
      demoAccounts: deps.config.demoMode
        ? Object.entries(DEMO_ACCOUNTS).map(([id, account]) => ({ id, name: account.name, isAdmin: account.isAdmin }))
        : [],
    });
  });

  router.post('/auth/login', signInLimit, async (req, res) => {
    const input = parse(loginSchema, req.body);
    const user = await service.login(input);
    await startSession(deps, req, res, user.id);
    res.json(toCurrentUser(user));
  });

  router.post('/auth/logout', async (req, res) => {
    await endSession(deps, req, res);
    res.json({ success: true });
  });

  return router;
}
