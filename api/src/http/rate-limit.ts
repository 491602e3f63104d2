// Fixed-window rate limits kept in the database, so they hold across every instance of the API.
import type { Request, RequestHandler } from 'express';
import type { Prisma } from '../db/database';
import type { SecretBox } from '../lib/secrets';
import { rateLimited } from '../../../shared/errors';
import { countHit, deleteBucketsResetBefore } from './rate-limit-repository';

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
 * Counts one hit for `key` and says whether it is still within the limit, and when the window resets (the
 * database's clock decides, so every instance agrees).
 */
export async function consume(prisma: Prisma, key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
  const windowSeconds = Math.max(1, Math.round(rule.windowMs / 1000));
  const bucket = await countHit(prisma, key, windowSeconds);
  return {
    allowed: (bucket?.count ?? 0) <= rule.limit,
    retryAfterSeconds: Math.max(1, bucket?.retryAfterSeconds ?? windowSeconds),
  };
}

/**
 * The key of a limit counted per phone number or email address: the rule's name and a keyed fingerprint of the
 * value, never the value itself (the buckets table is not a list of numbers and addresses).
 */
export const personalKey = (secrets: Pick<SecretBox, 'fingerprint'>, name: string, value: string) =>
  `${name}:${secrets.fingerprint(value)}`;

/** Counts one hit for `key`; answers whether it is still within the limit. */
export async function hit(prisma: Prisma, key: string, rule: RateLimitRule): Promise<boolean> {
  return (await consume(prisma, key, rule)).allowed;
}

/** The bucket of the request's client address under `rule` (behind a proxy, set TRUST_PROXY). */
export const addressKey = (rule: RateLimitRule, req: Request): string => `${rule.name}:${req.ip ?? 'unknown'}`;

/** Limits each client address to `rule.limit` requests per window (behind a proxy, set TRUST_PROXY). */
export function rateLimit(prisma: Prisma, rule: RateLimitRule): RequestHandler {
  return async (req, _res, next) => {
    const verdict = await consume(prisma, addressKey(rule, req), rule);
    next(verdict.allowed ? undefined : rateLimited(undefined, verdict.retryAfterSeconds));
  };
}

/** Drops expired buckets; called by the periodic housekeeping. */
export async function pruneRateLimits(prisma: Prisma): Promise<void> {
  await deleteBucketsResetBefore(prisma, new Date());
}
