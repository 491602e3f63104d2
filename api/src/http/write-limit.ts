// Per-member limits on writes: one signed-in member must not be able to saturate the process (and the database)
// with comments, RSVPs or settings changes. Counted per user id in the database, so they hold across instances.
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps';
import { rateLimited } from '../../../shared/errors';
import { consume, type RateLimitRule } from './rate-limit';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths (inside /api) whose writes are not counted: signing out must always work. */
const UNCOUNTED = new Set(['/auth/logout']);
const COMMENT_PATH = /^\/events\/[^/]+\/comments\/?$/;

/**
 * Every state-changing /api call by a signed-in member counts against `writes:<userId>`; posting a comment
 * also counts against the tighter `comments:<userId>` (comments fan out to every reader). Anonymous calls
 * are left to the per-address sign-in limits. Mounted once, after authentication, before the routes.
 */
export function limitMemberWrites(deps: AppDeps): RequestHandler {
  const writes: RateLimitRule = { name: 'writes', limit: deps.config.rateLimitWritesPerMinute, windowMs: 60_000 };
  const comments: RateLimitRule = {
    name: 'comments',
    limit: deps.config.rateLimitCommentsPerMinute,
    windowMs: 60_000,
  };
  return async (req, _res, next) => {
    const user = req.auth?.user;
    if (!user || SAFE_METHODS.has(req.method) || UNCOUNTED.has(req.path)) return next();
    const rules = req.method === 'POST' && COMMENT_PATH.test(req.path) ? [writes, comments] : [writes];
    for (const rule of rules) {
      const verdict = await consume(deps.prisma, `${rule.name}:${user.id}`, rule);
      if (!verdict.allowed) {
        return next(rateLimited(undefined, verdict.retryAfterSeconds));
      }
    }
    next();
  };
}
