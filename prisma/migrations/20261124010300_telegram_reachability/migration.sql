-- Telegram reachability (issue 12): when we last learned that the bot may write to the member (they pressed
-- Start, unblocked the bot, allowed it in the Mini App or the Login Widget). Null: never learned; a Mini App
-- sign-in whose initData says the bot may not write then marks the member unreachable.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "telegram_write_allowed_at" TIMESTAMP(3);
