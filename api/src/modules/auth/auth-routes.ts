// /api/auth/*: sign-in, sign-out, account linking and the public client configuration.
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  authStateSchema,
  linkEmailSchema,
  linkTelegramSchema,
  loginSchema,
  telegramLoginSchema,
} from '../../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from './request-auth';
import { unauthenticated } from '../../../../shared/errors';
import { rateLimit } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import type { MinorsService } from '../minors/minors-service';
import { type AccountLinkingService } from './account-linking-service';
import { type AuthService } from './auth-service';
import { browserHash, type AuthStates, ensureBrowserHash } from './auth-states';
import { CONFIRM_PAGE_REFERRER_POLICY, confirmEmailPage } from './confirm-email-page';
import { DEMO_ACCOUNTS } from './demo';
import { assertMaySignIn, createSession, endSession, startSession } from './sessions';
import { MSG } from '../../../../shared/messages';
import { readDefaultLanguage } from '../organisation/organisation-service';

/** A token as randomToken makes them (base64url); anything else cannot be one of ours. */
const confirmEmailQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });
const confirmToken = (query: unknown) => {
  const parsed = confirmEmailQuery.safeParse(query);
  return parsed.success ? parsed.data.token : null;
};

/** Where this request came in, for links when no PUBLIC_URL is configured. */
const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export function authRouter(
  deps: AppDeps,
  {
    auth,
    linking,
    states,
    minors,
  }: { auth: AuthService; linking: AccountLinkingService; states: AuthStates; minors: MinorsService },
): Router {
  const router = Router();
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

  /**
   * The login dialog opened, or the member pressed Link: single-use state for the Telegram callback and the
   * login-code flow, bound to this browser (and, for linking, to the signed-in member).
   */
  router.post('/auth/state', signInLimit, async (req, res) => {
    const { purpose } = parse(authStateSchema, req.body);
    if (purpose === 'link' && !req.auth) throw unauthenticated();
    const issued = await states.issue({
      browserHash: ensureBrowserHash(deps, req, res),
      purpose,
      userId: req.auth?.user.id,
    });
    res.set('Cache-Control', 'no-store');
    res.json({ state: issued.state, expiresAt: issued.expiresAt.toISOString() });
  });

  router.post('/auth/login', signInLimit, async (req, res) => {
    const input = parse(loginSchema, req.body);
    const user = await auth.login(input);
    await startSession(deps, req, res, user);
    res.json(await minors.currentUser(user));
  });

  router.post('/auth/telegram-login', signInLimit, async (req, res) => {
    const input = parse(telegramLoginSchema, req.body);
    await states.spend({ state: input.state, browserHash: browserHash(req), purpose: 'login' });
    const user = await auth.telegramLogin(input.auth_data);
    await startSession(deps, req, res, user);
    res.json(await minors.currentUser(user));
  });

  /**
   * The Mini App opened: its fresh initData (`Authorization: tma`, verified and applied on arrival by
   * http/auth.ts, which also records what each launch tells) for a session the app then carries in
   * `Authorization: Session <token>`. initData alone stops signing anyone in after TELEGRAM_AUTH_MAX_AGE_SECONDS;
   * the session lasts as a website session does, and logout ends it. No cookie: the app holds the token.
   */
  router.post('/auth/telegram-miniapp', signInLimit, async (req, res) => {
    if (req.auth?.via !== 'tma') throw unauthenticated(MSG.miniAppDataRequired);
    assertMaySignIn(req.auth.user);
    const session = await createSession(deps, req.auth.user.id, req.get('user-agent'));
    res.set('Cache-Control', 'no-store');
    res.json({ session, user: await minors.currentUser(req.auth.user) });
  });

  router.post('/auth/logout', async (req, res) => {
    await endSession(deps, req, res);
    res.json({ success: true });
  });

  router.post('/auth/link-accounts', requireUser, signInLimit, async (req, res) => {
    const user = currentUser(req);
    const body: unknown = req.body;
    if (body && typeof body === 'object' && 'email' in body) {
      const { email } = parse(linkEmailSchema, body);
      await linking.requestEmailLink(user.id, email, requestOrigin(req), req.language ?? null);
      res.status(202).json({ status: 'pending', email });
      return;
    }
    const input = parse(linkTelegramSchema, body);
    await states.spend({ state: input.state, browserHash: browserHash(req), purpose: 'link', userId: user.id });
    const updated = await linking.linkTelegram(user.id, input.auth_data);
    res.json({ success: true, user: await minors.currentUser(updated) });
  });

  /**
   * The link from the confirmation email opens a page with a Confirm button: mail scanners and previews fetch
   * links by themselves, and must not confirm an address its owner never agreed to link.
   */
  router.get('/auth/confirm-email', async (req, res) => {
    const token = confirmToken(req.query);
    // A link that can no longer confirm anything (used, expired, superseded) names nobody.
    const pending = token ? await linking.pendingEmailLink(token) : null;
    if (!token || !pending) {
      res.redirect(303, '/settings?emailLinked=0');
      return;
    }
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': CONFIRM_PAGE_REFERRER_POLICY });
    // Read by whoever holds the address, perhaps not the member who asked: in this browser's language.
    const language = req.language ?? (await readDefaultLanguage(deps.config, deps.prisma));
    const action = `/api/auth/confirm-email?token=${encodeURIComponent(token)}`;
    res.type('html').send(confirmEmailPage(action, pending, language, deps.config.brand.name));
  });

  /** The page's Confirm button: no sign-in needed, the token is the proof (and same-origin is checked). */
  router.post('/auth/confirm-email', async (req, res) => {
    const token = confirmToken(req.query);
    const confirmed = token ? await linking.confirmEmail(token) : false;
    res.redirect(303, `/settings?emailLinked=${confirmed ? 1 : 0}`);
  });

  return router;
}
