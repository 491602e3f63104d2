// The rate_limit_buckets table: one fixed-window counter per key, shared by every instance of the API.
import type { Prisma } from '../db/database';

export interface BucketCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Whole seconds until the window starts afresh (as the database computed it). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` in one statement, starting a fresh window of `windowSeconds` when the last one is
 * over. The window uses the database's clock (not each instance's) and UTC wall time, which is how Prisma
 * stores and reads `timestamp` columns. Null only if the database answered no row.
 */
export async function countHit(prisma: Prisma, key: string, windowSeconds: number): Promise<BucketCount | null> {
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
  return row ? { count: Number(row.count), retryAfterSeconds: Number(row.retry_after) } : null;
}

export async function deleteBucketsResetBefore(prisma: Prisma, before: Date): Promise<void> {
  await prisma.rateLimitBucket.deleteMany({ where: { resetAt: { lt: before } } });
}
