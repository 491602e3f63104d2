-- CreateEnum
CREATE TYPE "NotificationJobStatus" AS ENUM ('pending', 'done', 'failed');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "telegram_unreachable_at" TIMESTAMP(3),
ADD COLUMN     "telegram_unreachable_reason" TEXT;

-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "claimed_by" TEXT;

-- CreateTable
CREATE TABLE "notification_jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "event_id" INTEGER NOT NULL,
    "user_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "update_type" TEXT,
    "key_version" TEXT,
    "rendered" JSONB,
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "status" "NotificationJobStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "notification_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notification_jobs_status_next_attempt_at_idx" ON "notification_jobs"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "notification_jobs_event_id_idx" ON "notification_jobs"("event_id");

