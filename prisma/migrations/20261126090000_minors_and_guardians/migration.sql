-- Members under the organisation's age of consent: a birth date, guardians who consent for them and approve
-- trips, and photo consent. Age is never stored: it is computed from birth_date and today's date, against the
-- organisation's consent age, wherever it matters.
ALTER TABLE "users" ADD COLUMN "birth_date" DATE;
-- What a guardian allows for the member's photos: "full" (anyone who sees the member), "internal" (organisers
-- and admins) or "none" (no photo anywhere), "none" until a guardian chooses.
ALTER TABLE "users" ADD COLUMN "photo_consent" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "users" ADD CONSTRAINT "users_photo_consent_check" CHECK ("photo_consent" IN ('full', 'internal', 'none'));

-- A guardian account (made by following a consent link) sees only what concerns their children.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('guardian', 'member', 'organiser', 'admin'));

-- The organisation's consent text, shown to guardians; each edit makes a new version, and a consent keeps the
-- version the guardian read. Null: the built-in text (version 0).
ALTER TABLE "organisation_settings" ADD COLUMN "consent_text" TEXT;
ALTER TABLE "organisation_settings" ADD COLUMN "consent_text_version" INTEGER NOT NULL DEFAULT 0;

-- Who is a guardian of whom. A row appears when a guardian consents through a link (or an admin records it).
CREATE TABLE "guardianships" (
    "guardian_id" INTEGER NOT NULL,
    "child_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "guardianships_pkey" PRIMARY KEY ("guardian_id", "child_id"),
    CONSTRAINT "guardianships_not_self" CHECK ("guardian_id" <> "child_id"),
    CONSTRAINT "guardianships_guardian_fkey" FOREIGN KEY ("guardian_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "guardianships_child_fkey" FOREIGN KEY ("child_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE INDEX "guardianships_child_id_idx" ON "guardianships"("child_id");

-- A request, sent by email, for a guardian's consent: single use, valid 7 days. Only the token's SHA-256 is kept.
CREATE TABLE "guardian_requests" (
    "id" SERIAL NOT NULL,
    "child_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "guardian_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "guardian_requests_child_fkey" FOREIGN KEY ("child_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "guardian_requests_used_by_fkey" FOREIGN KEY ("used_by") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "guardian_requests_token_hash_key" ON "guardian_requests"("token_hash");
CREATE INDEX "guardian_requests_child_id_idx" ON "guardian_requests"("child_id");

-- Each consent given for a member: who (guardian account, or the admin who recorded one given on paper or in
-- person), when, how, the consent text's version and the email the request went to. Withdrawing keeps the row
-- and stamps it. A member has consent while a row without withdrawn_at exists.
CREATE TABLE "guardian_consents" (
    "id" SERIAL NOT NULL,
    "child_id" INTEGER NOT NULL,
    "guardian_id" INTEGER,
    "method" TEXT NOT NULL,
    "text_version" INTEGER NOT NULL,
    "request_email" TEXT,
    "note" TEXT,
    "recorded_by" INTEGER,
    "granted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawn_at" TIMESTAMPTZ(3),
    "withdrawn_by" INTEGER,
    CONSTRAINT "guardian_consents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "guardian_consents_method_check" CHECK ("method" IN ('email_link', 'paper', 'in_person')),
    CONSTRAINT "guardian_consents_child_fkey" FOREIGN KEY ("child_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "guardian_consents_guardian_fkey" FOREIGN KEY ("guardian_id") REFERENCES "users"("id") ON DELETE SET NULL,
    CONSTRAINT "guardian_consents_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL,
    CONSTRAINT "guardian_consents_withdrawn_by_fkey" FOREIGN KEY ("withdrawn_by") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE INDEX "guardian_consents_child_id_idx" ON "guardian_consents"("child_id");

-- Permission slips: an event may need a guardian's approval before a minor attends.
ALTER TABLE "events" ADD COLUMN "requires_guardian_approval" BOOLEAN NOT NULL DEFAULT false;

-- One slip per minor and event while a spot is held for them: asked, then approved, declined or expired.
CREATE TABLE "permission_slips" (
    "event_id" INTEGER NOT NULL,
    "child_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" INTEGER,
    CONSTRAINT "permission_slips_pkey" PRIMARY KEY ("event_id", "child_id"),
    CONSTRAINT "permission_slips_status_check" CHECK ("status" IN ('pending', 'approved', 'declined', 'expired')),
    CONSTRAINT "permission_slips_event_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE,
    CONSTRAINT "permission_slips_child_fkey" FOREIGN KEY ("child_id") REFERENCES "users"("id") ON DELETE CASCADE,
    CONSTRAINT "permission_slips_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE INDEX "permission_slips_pending_idx" ON "permission_slips"("expires_at") WHERE "status" = 'pending';
CREATE INDEX "permission_slips_child_id_idx" ON "permission_slips"("child_id");

-- Neither a calendar entry nor a shared card shows whether an event needs a guardian's approval.
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES
  ('requires_guardian_approval', 'irrelevant', 'irrelevant');
