// /api/telegram/*: the bot's public name, and the browser side of the manual login-code flow.
import { Router, type Request } from 'express';
import { MSG } from '../../../../shared/messages';
import { loginIdSchema, registerLoginSchema } from '../../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { notFound, unauthenticated } from '../../../../shared/errors';
import { rateLimit } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { networkPrefix } from '../../lib/network';
import { browserHash, type AuthStates, ensureBrowserHash } from '../auth/auth-states';
import { startSession } from '../auth/sessions';
import { type LoginCodesService, type RegisteredCode } from './login-codes-service';

export function telegramRouter(
  deps: AppDeps,
  { codes, states }: { codes: LoginCodesService; states: AuthStates },
): Router {
  const router = Router();
  const registerLimit = rateLimit(deps.prisma, {
    name: 'login-code',
    limit: deps.config.rateLimitAuthPerMinute,
    windowMs: 60_000,
  });
  // The page polls every 3 s, so polling gets a roomier budget than starting a sign-in.
  const pollLimit = rateLimit(deps.prisma, {
    name: 'login-poll',
    limit: deps.config.rateLimitAuthPerMinute * 10,
    windowMs: 60_000,
  });

  const requireBot = () => {
    const username = deps.config.telegram.botUsername;
    if (!username || !deps.config.telegram.botToken) throw notFound(MSG.noTelegramBot);
    return username;
  };

  router.get('/telegram/bot-info', (_req, res) => {
    res.json({ username: requireBot() });
  });

  /**
   * `{ mode, state }`: the person clicked Login or Link; the server creates the code for this browser.
   * `{ loginId }`: the callback page asks again for a code its own browser created (404 for anyone else's).
   */
  router.post('/telegram/register-login', registerLimit, async (req, res) => {
    const input = parse(registerLoginSchema, req.body);
    const botUsername = requireBot();
    let registered: RegisteredCode | null;
    if ('loginId' in input) {
      registered = await codes.resume(input.loginId, browserHash(req));
      if (!registered) throw notFound(MSG.loginSessionExpired);
    } else {
      if (input.mode === 'link' && !req.auth) throw unauthenticated();
      const binding = browserHash(req);
      await states.spend({ state: input.state, browserHash: binding, purpose: input.mode, userId: req.auth?.user.id });
      registered = await codes.register({
        purpose: input.mode,
        browserHash: ensureBrowserHash(deps, req, res),
        linkUserId: req.auth?.user.id,
        userAgent: req.get('user-agent'),
        network: networkPrefix(req.ip),
      });
    }
    res.set('Cache-Control', 'no-store');
    res.json({
      success: true,
      loginId: registered.loginId,
      code: registered.code,
      expiresAt: registered.expiresAt.toISOString(),
      botUsername,
      startParam: `login_${registered.loginId}`,
    });
  });

  // Express answers HEAD with the GET handler, which would collect the code and throw the session away.
  router.head('/telegram/check-login/:loginId', (_req, res) => {
    res.set('allow', 'GET').status(405).end();
  });

  router.get('/telegram/check-login/:loginId', pollLimit, async (req: Request<{ loginId: string }>, res) => {
    const parsed = loginIdSchema.safeParse(req.params.loginId);
    if (!parsed.success) throw notFound(MSG.loginSessionExpired);
    const result = await codes.collect(parsed.data, browserHash(req), req.auth?.user.id);
    if (!result) throw notFound(MSG.loginSessionExpired);
    res.set('Cache-Control', 'no-store');
    if (result.status === 'pending') {
      res.status(202).json({ status: 'pending' });
      return;
    }
    if (result.purpose === 'login') await startSession(deps, req, res, result.user);
    res.json({ status: 'complete', telegramId: result.telegramId, username: result.username });
  });

  return router;
}
