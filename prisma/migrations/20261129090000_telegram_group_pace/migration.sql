-- CreateTable
CREATE TABLE "telegram_group_sends" (
    "id" BIGSERIAL NOT NULL,
    "chat_id" TEXT NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "telegram_group_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "telegram_group_sends_chat_id_sent_at_idx" ON "telegram_group_sends"("chat_id", "sent_at");

