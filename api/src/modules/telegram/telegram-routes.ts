// /api/telegram/*: the bot's public name, and the browser side of the manual login-code flow.
import { Router, type Request } from 'express';
import { MSG } from '../../../../shared/messages';
import { loginIdSchema, registerLoginSchema } from '../../../../shared/schemas';
import type { AppDeps } from '../../deps';
import { notFound, unauthorized } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { cookieOptions, readCookie, startSession } from '../auth/sessions';
import { createLoginCodesService } from './login-codes-service';

/** One cookie per login id, sent only to that id's check-login path: it proves "this is the browser that asked". */
const browserCookieName = (loginId: string) => `tg_login_${loginId}`;
const checkPath = (loginId: string) => `/api/telegram/check-login/${loginId}`;

export function telegramRouter(deps: AppDeps): Router {
  const router = Router();
  const codes = createLoginCodesService(deps);
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

  router.get('/telegram/bot-info', (_req, res) => {
    const username = deps.config.telegram.botUsername;
    if (!username || !deps.config.telegram.botToken) throw notFound('No Telegram bot is configured');
    res.json({ username });
  });

  router.post('/telegram/register-login', registerLimit, async (req, res) => {
    const { loginId, mode } = parse(registerLoginSchema, req.body);
    const username = deps.config.telegram.botUsername;
    if (!username || !deps.config.telegram.botToken) throw notFound('No Telegram bot is configured');
    if (mode === 'link' && !req.auth) throw unauthorized();
    const { browserToken, expiresAt } = await codes.register({
      loginId,
      purpose: mode,
      linkUserId: req.auth?.user.id,
      userAgent: req.get('user-agent'),
    });
    res.cookie(browserCookieName(loginId), browserToken, {
      ...cookieOptions(deps),
      path: checkPath(loginId),
      // Lives as long as the code could still be collected (a confirmation near expiry adds a minute).
      maxAge: expiresAt.getTime() - deps.now().getTime() + 60_000,
    });
    res.json({ success: true, botUsername: username, startParam: `login_${loginId}` });
  });

  // Express answers HEAD with the GET handler, which would collect the code and throw the session away.
  router.head('/telegram/check-login/:loginId', (_req, res) => {
    res.set('allow', 'GET').status(405).end();
  });

  router.get('/telegram/check-login/:loginId', pollLimit, async (req: Request<{ loginId: string }>, res) => {
    const parsed = loginIdSchema.safeParse(req.params.loginId);
    if (!parsed.success) throw notFound(MSG.loginSessionExpired);
    const loginId = parsed.data;
    const cookieName = browserCookieName(loginId);
    const result = await codes.collect(loginId, readCookie(req, cookieName), req.auth?.user.id);
    if (!result) throw notFound(MSG.loginSessionExpired);
    if (result.status === 'pending') {
      res.status(202).json({ status: 'pending' });
      return;
    }
    res.clearCookie(cookieName, { ...cookieOptions(deps), path: checkPath(loginId) });
    if (result.purpose === 'login') await startSession(deps, req, res, result.user.id);
    res.json({ status: 'complete', telegramId: result.telegramId, username: result.username });
  });

  return router;
}
