// Telegram's limits are per bot, not per process, so every instance takes its turns from the database: the send
// slot sequences in rate_limit_buckets (one for bulk sends, one reserved for replies to members), and each
// group's recent messages in telegram_group_pace. Times are the database's clock, the one all instances share.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../db/database';

type Db = Prisma;

/** The bulk sequence: notifications and card edits (the key it always had). */
export const BULK_SEQUENCE = 'telegram-send-pace';
/** The replies' own share: a member's tap is never queued behind an announcement. */
export const REPLY_SEQUENCE = 'telegram-reply-pace';

/**
 * A reply's slot: the sooner of the replies' own next slot and the bulk sequence's (a reply may use bulk slots
 * nobody needs; bulk never uses the replies'). Each sequence keeps its own spacing whichever is taken, so the
 * two together never send faster than their two rates added. Answers the slot's time (epoch ms).
 */
export async function reserveReplySlot(prisma: Db, replyMs: number, bulkMs: number): Promise<number> {
  const [replySeconds, bulkSeconds] = [replyMs / 1000, bulkMs / 1000];
  const rows = await prisma.$queryRaw<Array<{ slot_ms: number }>>`
    WITH clock AS (SELECT clock_timestamp() AT TIME ZONE 'UTC' AS now),
    choice AS (
      SELECT CASE
        WHEN GREATEST((SELECT reset_at FROM rate_limit_buckets WHERE key = ${BULK_SEQUENCE}), clock.now)
           < GREATEST((SELECT reset_at FROM rate_limit_buckets WHERE key = ${REPLY_SEQUENCE}), clock.now)
        THEN ${BULK_SEQUENCE} ELSE ${REPLY_SEQUENCE} END AS key,
        clock.now
      FROM clock
    )
    INSERT INTO rate_limit_buckets AS b (key, count, reset_at)
    SELECT choice.key, 1, choice.now + make_interval(secs => CASE WHEN choice.key = ${REPLY_SEQUENCE}
      THEN ${replySeconds}::float8 ELSE ${bulkSeconds}::float8 END)
    FROM choice
    ON CONFLICT (key) DO UPDATE SET
      count = b.count + 1,
      reset_at = GREATEST(b.reset_at, clock_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => CASE
        WHEN b.key = ${REPLY_SEQUENCE} THEN ${replySeconds}::float8 ELSE ${bulkSeconds}::float8 END)
    RETURNING (EXTRACT(EPOCH FROM b.reset_at) * 1000
      - CASE WHEN b.key = ${REPLY_SEQUENCE} THEN ${replyMs}::float8 ELSE ${bulkMs}::float8 END)::float8 AS slot_ms`;
  return Number(rows[0]?.slot_ms ?? 0);
}

/**
 * A group's turn within Telegram's per-group limit (`limit` messages per `windowMs`), taken now if the group
 * allows it: answers 0 and records the send. Otherwise answers how many milliseconds until it will, and records
 * nothing. One statement: the group's row is locked by the upsert, so two instances never both take the 20th.
 */
export async function takeGroupTurn(
  prisma: Db,
  chatId: string,
  limit: number,
  windowMs: number,
  marginMs: number,
): Promise<number> {
  const windowSeconds = (windowMs + marginMs) / 1000;
  const turn = randomUUID();
  const rows = await prisma.$queryRaw<Array<{ taken: boolean; wait_ms: number | null }>>`
    INSERT INTO telegram_group_pace AS g (chat_id, sends, last_turn)
    VALUES (${chatId}, ARRAY[clock_timestamp() AT TIME ZONE 'UTC']::timestamp(3)[], ${turn})
    ON CONFLICT (chat_id) DO UPDATE SET
      sends = CASE
        WHEN cardinality(g.sends) < ${limit}::int
          OR g.sends[cardinality(g.sends) - ${limit}::int + 1] + make_interval(secs => ${windowSeconds}::float8)
             <= EXCLUDED.sends[1]
        THEN g.sends[GREATEST(cardinality(g.sends) - ${limit}::int + 2, 1):] || EXCLUDED.sends[1]
        ELSE g.sends END,
      last_turn = CASE
        WHEN cardinality(g.sends) < ${limit}::int
          OR g.sends[cardinality(g.sends) - ${limit}::int + 1] + make_interval(secs => ${windowSeconds}::float8)
             <= EXCLUDED.sends[1]
        THEN EXCLUDED.last_turn
        ELSE g.last_turn END
    RETURNING g.last_turn = ${turn} AS taken,
      (EXTRACT(EPOCH FROM g.sends[cardinality(g.sends) - ${limit}::int + 1]
        + make_interval(secs => ${windowSeconds}::float8) - (clock_timestamp() AT TIME ZONE 'UTC')) * 1000)::float8
        AS wait_ms`;
  const row = rows[0];
  if (!row || row.taken) return 0;
  return Math.max(1, Math.ceil(Number(row.wait_ms ?? 0)));
}
