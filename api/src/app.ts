// Builds the Express application from its dependencies. Listening happens in server.ts.
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './deps';
import { authenticate } from './http/auth';
import { errorHandler, notFoundHandler } from './http/error-middleware';
import { brandedIndexHtml } from './http/branded-index';
import { requestLog } from './http/request-log';
import { requireSameOrigin } from './http/same-origin';
import { limitMemberWrites } from './http/write-limit';
import { adminRouter } from './modules/admin/admin-routes';
import { authRouter } from './modules/auth/auth-routes';
import { eventsRouter } from './modules/events/events-routes';
import { calendarRouter } from './modules/calendar/calendar-routes';
import { healthRouter } from './modules/health/health-routes';
import { imagesRouter, isImageUpload } from './modules/images/images-routes';
import { notificationsRouter } from './modules/notifications/notifications-routes';
import { sharedCardsRouter } from './modules/telegram/shared-cards-routes';
import { telegramRouter } from './modules/telegram/telegram-routes';
import { usersRouter } from './modules/users/users-routes';

/** Vite names every file under assets/ by its content hash: a name never gets other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers smaller than this (bytes) are not compressed. */
export const API_COMPRESSION_THRESHOLD = 1024;

export const WEBAPP_DIST = fileURLToPath(new URL('../../dist/webapp', import.meta.url));

export interface AppExtras {
  /** Extra routes mounted before the API (the bot's webhook). */
  beforeApi?: (app: Express) => void;
  webappDir?: string;
}

export function createApp(deps: AppDeps, extras: AppExtras = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Google Identity Services and the Telegram widget load from their own hosts.
          'script-src': ["'self'", 'https://accounts.google.com', 'https://telegram.org'],
          'frame-src': ["'self'", 'https://accounts.google.com', 'https://oauth.telegram.org'],
          'img-src': ["'self'", 'data:', 'https:'],
          'connect-src': ["'self'", 'https://accounts.google.com'],
          'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
          'frame-ancestors': ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        },
      },
      // The Google sign-in popup must be able to talk back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Telegram Web shows the Mini App in a frame: frame-ancestors above decides who may embed us, and an
      // X-Frame-Options: SAMEORIGIN beside it would contradict it for older browsers.
      xFrameOptions: false,
    }),
  );
  extras.beforeApi?.(app);

  const api = express.Router();
  api.use(requestLog(deps.logger));
  // JSON (and CSV, calendars) compressed for clients that accept it, Brotli or gzip; answers under the threshold
  // are sent as they are (compressing them saves nothing). Only /api: the web app's files are compressed at build.
  // Images are not compressible types and pass untouched.
  api.use(compression({ threshold: API_COMPRESSION_THRESHOLD }));
  api.use(express.json({ limit: '100kb' }));
  api.use(cookieParser());
  api.use(requireSameOrigin(deps.config.publicUrl, isImageUpload));
  api.use(authenticate(deps));
  api.use(limitMemberWrites(deps));
  api.use(healthRouter(deps));
  api.use(authRouter(deps));
  api.use(telegramRouter(deps));
  api.use(usersRouter(deps));
  api.use(calendarRouter(deps));
  api.use(eventsRouter(deps));
  api.use(sharedCardsRouter(deps));
  api.use(imagesRouter(deps));
  api.use(adminRouter(deps));
  api.use(notificationsRouter(deps));
  api.use(notFoundHandler());
  app.use('/api', api);

  const webappDir = extras.webappDir ?? WEBAPP_DIST;
  if (existsSync(path.join(webappDir, 'index.html'))) {
    // The build's pre-compressed copies (webapp/precompress.ts), Brotli first; hashed assets never change.
    app.use(
      expressStaticGzip(webappDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          maxAge: '1h',
          setHeaders: (res, file) => {
            if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', IMMUTABLE);
          },
        },
      }),
    );
    app.get(/^(?!\/api\/).*/, async (_req, res) => {
      // Read per request: a rebuild of the web app is served without a restart.
      const html = await readFile(path.join(webappDir, 'index.html'), 'utf8');
      res
        .type('html')
        .setHeader('Cache-Control', 'no-cache')
        .send(brandedIndexHtml(html, deps.config.brand, deps.config.notificationsTimeZone));
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    });
  }
  app.use(notFoundHandler());
  app.use(errorHandler(deps.logger));
  return app;
}
