// Builds the Express application from its dependencies. Listening happens in server.ts.
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './deps';
import type { Services } from './system/services';
import { authenticate, holdGuardianAccounts, holdPendingMembers } from './modules/auth/request-auth';
import { errorHandler, notFoundHandler } from './http/error-middleware';
import { createRequestLanguages } from './http/language';
import { lastKnownTimeZone, organisationTimeZone } from './modules/organisation/organisation-service';
import { brandCoversRouter } from './modules/web/brand-covers';
import { brandedIndexHtml, readIndex } from './modules/web/branded-index';
import { createFirstScreen } from './modules/web/first-screen';
import { pageInLanguage, siteDescription, writeFirstScreen } from './modules/web/first-screen-html';
import { previewTags } from './modules/web/share-preview';
import { createPreviewPictures } from './modules/web/preview-picture-routes';
import { compressAnswers } from './http/compress';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { requireSameOrigin } from './http/same-origin';
import { limitMemberWrites } from './http/write-limit';
import { adminRouter } from './modules/admin/admin-routes';
import { auditRouter } from './modules/admin/audit-routes';
import { moderationRouter } from './modules/moderation/moderation-routes';
import { needsRouter } from './modules/needs/needs-routes';
import { authRouter } from './modules/auth/auth-routes';
import { backupsRouter } from './modules/backups/backups-routes';
import type { BackupsService } from './modules/backups/backups-service';
import { eventsRouter } from './modules/events/events-routes';
import { questionsRouter } from './modules/questions/questions-routes';
import { slipsRouter } from './modules/guardians/slips-routes';
import { calendarRouter } from './modules/calendar/calendar-routes';
import { sectionsRouter } from './modules/sections/sections-routes';
import { leadersRouter } from './modules/leaders/leaders-routes';
import { attendanceRouter } from './modules/sections/attendance-routes';
import { registerRouter } from './modules/events/register-routes';
import { paymentsRouter } from './modules/payments/payments-routes';
import { checkoutRouter, stripeWebhookRouter } from './modules/payments/stripe/stripe-routes';
import { healthRouter, probesRouter } from './modules/health/health-routes';
import { imagesRouter, isImageUpload } from './modules/images/images-routes';
import { notificationsRouter } from './modules/notifications/notifications-routes';
import { sharedCardsRouter } from './modules/telegram/shared-cards-routes';
import { telegramRouter } from './modules/telegram/telegram-routes';
import { membersRouter } from './modules/members/members-routes';
import { membershipRouter } from './modules/membership/membership-routes';
import { guardiansRouter } from './modules/guardians/guardians-routes';
import { careRouter } from './modules/care/care-routes';
import { familyRouter } from './modules/care/family-routes';

/** Vite names every file under assets/ by its content hash: a name never gets other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const WEBAPP_DIST = fileURLToPath(new URL('../../dist/webapp', import.meta.url));

/** A path segment naming a hidden file or folder, as written or percent-encoded (/%2eenv). */
function hasHiddenSegment(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // Not decodable: judged as written; the routes after answer such a path themselves.
  }
  return [urlPath, decoded].some((p) => p.split(/[/\\]/).some((segment) => segment.startsWith('.')));
}

/**
 * The built web app's files. express-static-gzip names the compressed copy's encoding and type on the answer
 * before serve-static looks for the file; when serve-static then serves nothing (a file gone since startup's
 * scan of the folder, a name it refuses) the request goes on to the page with those headers on it, and a
 * browser would try to decode the page as Brotli. A request that falls through leaves without them.
 */
function staticFiles(webappDir: string): RequestHandler {
  const serve = expressStaticGzip(webappDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', IMMUTABLE);
      },
    },
  });
  return (req, res, next) =>
    serve(req, res, (error?: unknown) => {
      if (!res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
      }
      next(error);
    });
}

export interface AppExtras {
  /** Extra routes mounted before the API (the bot's webhook). */
  beforeApi?: (app: Express) => void;
  webappDir?: string;
  /** Admin settings' backups (the composition root's service); without it the backup routes answer 404. */
  backups?: { service: BackupsService; dailyAtUtc: string | null };
  /** Whether the process is draining before it stops (readiness then answers 503); default never. */
  isDraining?: () => boolean;
}

export function createApp(deps: AppDeps, services: Services, extras: AppExtras = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  // Helmet's headers on every answer, worked out once (http/security-headers.ts).
  app.use(securityHeaders());
  extras.beforeApi?.(app);

  // Every answer's words follow the member's language (http/language.ts); the default is the organisation's.
  const languages = createRequestLanguages(async () => (await services.organisation.get()).defaultLanguage);
  const webappDir = extras.webappDir ?? WEBAPP_DIST;
  // A shared event's link-preview picture draws a sample cover from the web app's files.
  const previewPictures = createPreviewPictures(deps, services.events, services.images, webappDir);
  const api = express.Router();
  api.use(probesRouter(deps, extras.isDraining ?? (() => false)));
  api.use(requestLog(deps.logger));
  // JSON (and CSV, calendars) compressed for clients that accept it (http/compress.ts).
  api.use(compressAnswers());
  // Stripe's webhook reads its raw body and is Stripe's, not a member's: before JSON, the origin guard and sessions.
  api.use(stripeWebhookRouter(services.stripe, deps.logger));
  api.use(express.json({ limit: '100kb' }));
  api.use(cookieParser());
  api.use(requireSameOrigin(deps.config.publicUrl, isImageUpload));
  api.use(authenticate(deps, services.reachability.fromMiniApp));
  // A pending account may only read and leave its own account and join: everything else stops here.
  api.use(languages.middleware);
  api.use(holdPendingMembers);
  // A guardian account sees only its own account and what concerns its children.
  api.use(holdGuardianAccounts);
  api.use(limitMemberWrites(deps));
  api.use(healthRouter(deps));
  api.use(
    authRouter(deps, {
      auth: services.auth,
      linking: services.linking,
      states: services.authStates,
      minors: services.minors,
    }),
  );
  api.use(telegramRouter(deps, { codes: services.loginCodes, states: services.authStates }));
  api.use(membersRouter(deps, services.members, services.phone, services.account, services.minors));
  api.use(membershipRouter(services.invites, services.membersAdmin));
  api.use(guardiansRouter(services.guardians, services.minors));
  api.use(careRouter(services.care, services.tripSheets));
  api.use(familyRouter(services.family));
  api.use(calendarRouter(services.calendar));
  api.use(sectionsRouter(services.sections));
  api.use(leadersRouter(services.leaders));
  api.use(attendanceRouter(services.attendance));
  api.use(eventsRouter(deps, services.events, services.organiser));
  api.use(registerRouter(services.register, services.nudges));
  api.use(paymentsRouter(services.payments, services.paymentsLedger));
  api.use(checkoutRouter(services.checkout));
  api.use(questionsRouter(services.questions));
  api.use(previewPictures.router());
  api.use(slipsRouter(services.slips));
  api.use(sharedCardsRouter(services.sharing));
  api.use(imagesRouter(services.images));
  api.use(adminRouter(deps, services.templates, services.organisation));
  api.use(auditRouter(services.audit));
  api.use(moderationRouter(services.moderation));
  api.use(needsRouter(services.needs));
  if (extras.backups) {
    api.use(backupsRouter(extras.backups.service, { logger: deps.logger, dailyAtUtc: extras.backups.dailyAtUtc }));
  }
  api.use(notificationsRouter(services.notifications));
  api.use(notFoundHandler(languages));
  app.use('/api', api);

  // The covers in the organisation's colour live beside the sample images, drawn on request (brand-covers.ts).
  app.use(brandCoversRouter(deps.config.brand.color));

  // No address with a hidden segment (/.env, /.git/config, the build's /.vite/manifest.json) is a page or a
  // file of the site: they answer 404, never the web app's page.
  const notFound = notFoundHandler(languages);
  app.use((req, res, next) => (hasHiddenSegment(req.path) ? notFound(req, res, next) : next()));
  // Metrics are served on a listener of their own (METRICS_PORT), never here: /metrics is no page of the site.
  app.use((req, res, next) => (req.path === '/metrics' ? notFound(req, res, next) : next()));

  if (existsSync(path.join(webappDir, 'index.html'))) {
    // The build's pre-compressed copies (webapp/precompress.ts), Brotli first; hashed assets never change.
    app.use(staticFiles(webappDir));
    const firstScreen = createFirstScreen(deps, services.events, services.minors);
    // The page carries its stylesheet and first screen (some 25–30 KB): compressed, it fits a phone's first
    // round trip instead of three.
    app.get(/^(?!\/api\/).*/, compressAnswers(), cookieParser(), async (req, res) => {
      // Read per request: a rebuild of the web app is served without a restart.
      const { html, manifest, messageParts } = await readIndex(webappDir);
      // The route's data, code and cover in the page (http/first-screen.ts); the bare page should that fail.
      const screen = await firstScreen(req).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'first screen not written into the page');
        return null;
      });
      // Written in the member's language from the first byte: the web app reads <html lang> to choose its own.
      const language = screen?.savedLanguage ?? (await languages.of(req));
      // The organisation's zone, the default of new events in the form; the page is served should the read fail.
      const zone = await organisationTimeZone(deps).catch(() => lastKnownTimeZone(deps));
      const page = pageInLanguage(brandedIndexHtml(html, deps.config.brand, zone), language);
      // Without PUBLIC_URL (development, demo) the address the browser used; escaped like every tag value.
      const origin = deps.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
      const context = {
        origin,
        path: req.path,
        siteName: deps.config.brand.name,
        siteDescription: siteDescription(language),
        language,
      };
      const event = screen?.preview;
      const shared = previewTags(
        page,
        context,
        event ? { preview: event.preview, picture: previewPictures.addressOf(event) } : null,
      );
      res
        .type('html')
        // A page carrying a member's data is theirs alone: no shared cache keeps it.
        .setHeader('Cache-Control', screen?.personal ? 'private, no-cache' : 'no-cache')
        // The page's language follows the cookie and, without a choice, the browser's languages.
        .setHeader('Vary', 'Cookie, Accept-Language')
        .send(screen ? writeFirstScreen(shared, screen, manifest, { language, parts: messageParts }) : shared);
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    });
  }
  app.use(notFound);
  app.use(errorHandler(deps.logger, languages));
  return app;
}
