-- A member's chosen language; null: follow Telegram's, the browser's, then the organisation's default.
ALTER TABLE "users" ADD COLUMN "language" TEXT;
ALTER TABLE "users" ADD CONSTRAINT "users_language_check"
  CHECK ("language" IS NULL OR "language" IN ('en', 'de', 'es', 'fr', 'ru', 'uk', 'ar'));
