-- An admin's notification template is written in one language: one per type, channel and language. Templates
-- written before were meant for everyone, so they take the organisation's saved language, else English.
ALTER TABLE "notification_templates" ADD COLUMN "language" TEXT;
UPDATE "notification_templates"
  SET "language" = COALESCE((SELECT "default_language" FROM "organisation_settings" WHERE "id" = 1), 'en');
ALTER TABLE "notification_templates" ALTER COLUMN "language" SET NOT NULL;
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_language_check"
  CHECK ("language" IN ('en', 'de', 'es', 'fr', 'ru', 'uk', 'ar'));
DROP INDEX "notification_templates_type_channel_key";
CREATE UNIQUE INDEX "notification_templates_type_channel_language_key"
  ON "notification_templates"("type", "channel", "language");
