-- CreateTable
CREATE TABLE "telegram_group_pace" (
    "chat_id" TEXT NOT NULL,
    "sends" TIMESTAMP(3)[],
    "last_turn" TEXT NOT NULL,

    CONSTRAINT "telegram_group_pace_pkey" PRIMARY KEY ("chat_id")
);
