// Helmet's headers, worked out once at start-up instead of by a dozen middleware calls on every request
// (the hot reads answer in microseconds, so a dozen calls per request would be a large share of each). Our
// Helmet configuration is static (no nonces, no per-request directives), so its output is the same for every
// request: it is captured from Helmet itself, never written by hand, and every answer still carries all of it.
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      // Google Identity Services and the Telegram widget load from their own hosts.
      'script-src': ["'self'", 'https://accounts.google.com', 'https://telegram.org'],
      'frame-src': ["'self'", 'https://accounts.google.com', 'https://oauth.telegram.org'],
      'img-src': ["'self'", 'data:', 'https:'],
      'connect-src': ["'self'", 'https://accounts.google.com'],
      // The door's QR scanner (qr-scanner, loaded by the check-in) decodes in a worker it starts from a blob of
      // its own code; nothing else starts workers.
      'worker-src': ["'self'", 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
      'frame-ancestors': ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
    },
  },
  // The Google sign-in popup must be able to talk back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Telegram Web shows the Mini App in a frame: frame-ancestors above decides who may embed us, and an
  // X-Frame-Options: SAMEORIGIN beside it would contradict it for older browsers.
  xFrameOptions: false,
};

/** The headers Helmet sets with our options, in its order, as [name, value] pairs. */
function captureHelmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const response = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
      return response;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let finished = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet runs its parts synchronously; if a version ever did not, these headers would be incomplete.
  if (!finished || headers.length === 0) throw new Error('Helmet did not set its headers synchronously');
  return headers;
}

export const SECURITY_HEADERS = captureHelmetHeaders();

/** Sets every one of Helmet's headers on `res` (the hot reads call it directly, the app through the middleware). */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}

/** Helmet's headers on every answer, the web app's pages and files as much as the API's. */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    setSecurityHeaders(res);
    next();
  };
}
