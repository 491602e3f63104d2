-- AlterTable
ALTER TABLE "telegram_login_requests" ADD COLUMN     "claimed_at" TIMESTAMP(3),
ADD COLUMN     "claimed_by" TEXT,
ADD COLUMN     "code_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "requester_network" TEXT,
ADD COLUMN     "verification_code" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "auth_states" (
    "id" TEXT NOT NULL,
    "browser_hash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "auth_states_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auth_states_expires_at_idx" ON "auth_states"("expires_at");

-- CreateIndex
CREATE INDEX "telegram_login_requests_claimed_by_idx" ON "telegram_login_requests"("claimed_by");

-- AddForeignKey
ALTER TABLE "auth_states" ADD CONSTRAINT "auth_states_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

