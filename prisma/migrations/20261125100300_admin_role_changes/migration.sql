-- Admin grants and revokes as a record: who, when, by which means. ADMIN_EMAILS / ADMIN_TELEGRAM_IDS grant admin
-- only to an account with no record yet, so a revoke made with the CLI is not undone at the next sign-in.

-- CreateTable
CREATE TABLE "admin_role_changes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "means" TEXT NOT NULL,
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_role_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_role_changes_user_id_idx" ON "admin_role_changes"("user_id");

-- AddForeignKey
ALTER TABLE "admin_role_changes" ADD CONSTRAINT "admin_role_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

