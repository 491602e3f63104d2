// Fixed-window rate limits kept in the database, so they hold across every instance of the API.
import type { RequestHandler } from 'express';
import type { Prisma } from '../db/database';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Whole seconds until this key's window starts afresh (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` and says whether it is still within the limit, and when the window resets. The
 * window uses the database's clock (not each instance's) and UTC wall time, which is how Prisma stores and
 * reads `timestamp` columns.
 */
export async function consume(prisma: Prisma, key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
  const windowSeconds = Math.max(1, Math.round(rule.windowMs / 1000));
  const rows = await prisma.$queryRaw<Array<{ count: number; retry_after: number }>>`
    INSERT INTO rate_limit_buckets (key, count, reset_at)
    VALUES (${key}, 1, (now() AT TIME ZONE 'UTC') + make_interval(secs => ${windowSeconds}::int))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.reset_at <= (now() AT TIME ZONE 'UTC')
                   THEN 1 ELSE rate_limit_buckets.count + 1 END,
      reset_at = CASE WHEN rate_limit_buckets.reset_at <= (now() AT TIME ZONE 'UTC')
                      THEN (now() AT TIME ZONE 'UTC') + make_interval(secs => ${windowSeconds}::int)
                      ELSE rate_limit_buckets.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - (now() AT TIME ZONE 'UTC')))::int AS retry_after`;
  const row = rows[0];
  return {
    allowed: Number(row?.count ?? 0) <= rule.limit,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  };
}

/** Counts one hit for `key`; answers whether it is still within the limit. */
export async function hit(prisma: Prisma, key: string, rule: RateLimitRule): Promise<boolean> {
  return (await consume(prisma, key, rule)).allowed;
}

/** Limits each client address to `rule.limit` requests per window (behind a proxy, set TRUST_PROXY). */
export function rateLimit(prisma: Prisma, rule: RateLimitRule): RequestHandler {
  return async (req, res, next) => {
    const allowed = await hit(prisma, `${rule.name}:${req.ip ?? 'unknown'}`, rule);
    if (!allowed) res.set('Retry-After', String(Math.ceil(rule.windowMs / 1000)));
    next(allowed ? undefined : tooManyRequests());
  };
}

/** Drops expired buckets; called by the periodic housekeeping. */
export async function pruneRateLimits(prisma: Prisma): Promise<void> {
  await prisma.rateLimitBucket.deleteMany({ where: { resetAt: { lt: new Date() } } });
}
