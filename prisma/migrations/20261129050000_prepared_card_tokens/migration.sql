-- A prepared card's buttons carry a random token (128 bits, base64url) next to the event id; the server keeps
-- only its SHA-256. A copy Telegram never reported is tied to the token's event by the first member's tap that
-- brings the token, whoever it is, and the token then ties nothing else (inline_message_id: the one message it
-- tied). Rows written before carry no token and their cards' buttons none either: they can tie nothing.
-- The events trigger of 20261125100001_prepared_shares keeps removing an event's rows when it is made private
-- or deleted (now by the event_id index).
DELETE FROM "prepared_shares";

-- AlterTable
ALTER TABLE "prepared_shares" DROP CONSTRAINT "prepared_shares_pkey",
ADD COLUMN     "inline_message_id" TEXT,
ADD COLUMN     "token_hash" TEXT NOT NULL,
ADD CONSTRAINT "prepared_shares_pkey" PRIMARY KEY ("token_hash");

-- CreateIndex
CREATE INDEX "prepared_shares_event_id_idx" ON "prepared_shares"("event_id");

-- CreateIndex
CREATE INDEX "prepared_shares_telegram_user_id_idx" ON "prepared_shares"("telegram_user_id");
