-- Erasing a member scrubs every message that names them, whoever it was addressed to: each outbox row and each
-- notification job records the people its texts name besides the recipient (the child in a guardian's copy or a
-- request for approval, the sender of an organiser's message).
ALTER TABLE "notification_jobs" ADD COLUMN "subject_user_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];
ALTER TABLE "outbox_messages" ADD COLUMN "subject_user_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];

-- The rows written before say whom they are about where they can: a guardian's copy names the child in its
-- payload, a permission slip's messages in their key (slip_<what>:<event>:<child>:...).
UPDATE "outbox_messages"
   SET "subject_user_ids" = ARRAY[("payload"->>'childId')::INTEGER]
 WHERE "payload" IS NOT NULL AND jsonb_typeof("payload") = 'object' AND ("payload"->>'childId') ~ '^[0-9]{1,9}$';
UPDATE "outbox_messages"
   SET "subject_user_ids" = ARRAY[split_part("idempotency_key", ':', 3)::INTEGER]
 WHERE "kind" LIKE 'slip\_%' AND split_part("idempotency_key", ':', 3) ~ '^[0-9]{1,9}$';

-- Rate-limit keys no longer hold a phone number (they hold a keyed hash of it); the day's counts kept under the
-- number itself go.
DELETE FROM "rate_limit_buckets" WHERE "key" LIKE 'phone-code-day:number:%';
