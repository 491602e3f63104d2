// Cookie-authenticated writes must come from our own pages: a cross-site form or fetch is refused.
import { MSG } from '../../../shared/messages';
import type { Request, RequestHandler } from 'express';
import { forbidden, unsupported } from '../../../shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `tma <initData>` or `Session <token>` (api/src/http/auth.ts): with either, the cookie is never consulted. */
const MINI_APP_AUTHORIZATION = /^(tma|Session) /;

/** `acceptsRawBody`: the calls whose body is not JSON (an image upload's bytes); the origin checks still apply. */
export function requireSameOrigin(
  publicUrl: string | undefined,
  acceptsRawBody: (req: Request) => boolean = () => false,
): RequestHandler {
  const allowed = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Mini App calls carry their own proof (initData or its session) in a header instead of a cookie, and no other
    // site can make a browser send that header: a forged request has nothing to ride on.
    if (MINI_APP_AUTHORIZATION.test(req.get('authorization') ?? '')) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(forbidden(MSG.crossSiteRefused));
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      const own = allowed ?? `${req.protocol}://${req.get('host')}`;
      if (origin !== own) return next(forbidden(MSG.crossSiteRefused));
    } else if (origin === 'null') {
      return next(forbidden(MSG.crossSiteRefused));
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json') && !acceptsRawBody(req)) {
      return next(unsupported(MSG.requestsMustBeJson));
    }
    next();
  };
}
