-- AlterTable
ALTER TABLE "telegram_login_requests" ADD COLUMN     "link_user_id" INTEGER,
ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'login';

