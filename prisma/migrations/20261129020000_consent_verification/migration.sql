-- An emailed consent waits for a leader's confirmation: when it became valid (null while waiting), who
-- confirmed it, and the request it answered. Consents given before this were valid at once.
ALTER TABLE "guardian_consents"
  ADD COLUMN "verified_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
  ADD COLUMN "verified_by" INTEGER,
  ADD COLUMN "request_id" INTEGER;

UPDATE "guardian_consents" SET "verified_at" = "granted_at";

ALTER TABLE "guardian_consents"
  ADD CONSTRAINT "guardian_consents_verified_by_fkey"
    FOREIGN KEY ("verified_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  ADD CONSTRAINT "guardian_consents_request_id_fkey"
    FOREIGN KEY ("request_id") REFERENCES "guardian_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The admins' list of consents waiting for confirmation.
CREATE INDEX "guardian_consents_awaiting_idx" ON "guardian_consents" ("child_id")
  WHERE "verified_at" IS NULL AND "withdrawn_at" IS NULL;
