// Fixed-window rate limits kept in the database, so they hold across every instance of the API.
import type { RequestHandler } from 'express';
import type { Prisma } from '../db/database';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Counts one hit for `key`; answers whether it is still within the limit. */
export async function hit(prisma: Prisma, key: string, rule: RateLimitRule): Promise<boolean> {
  const windowSeconds = rule.windowMs / 1000;
  const rows = await prisma.$queryRaw<Array<{ count: number }>>`
    INSERT INTO rate_limit_buckets (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.reset_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
      reset_at = CASE WHEN rate_limit_buckets.reset_at <= now()
                      THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limit_buckets.reset_at END
    RETURNING count`;
  return (rows[0]?.count ?? 0) <= rule.limit;
}

export function rateLimit(prisma: Prisma, rule: RateLimitRule): RequestHandler {
  return async (req, _res, next) => {
    const allowed = await hit(prisma, `${rule.name}:${req.ip ?? 'unknown'}`, rule);
    next(allowed ? undefined : tooManyRequests());
  };
}

/** Drops expired buckets; called by the periodic housekeeping. */
export async function pruneRateLimits(prisma: Prisma): Promise<void> {
  await prisma.rateLimitBucket.deleteMany({ where: { resetAt: { lt: new Date() } } });
}
