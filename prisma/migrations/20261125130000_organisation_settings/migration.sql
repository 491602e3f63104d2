-- The organisation's own settings, saved by an admin: one row (id 1). Until an admin saves them the server's
-- environment (MEMBERSHIP_MODE, CONSENT_AGE, REQUIRE_BIRTH_DATE, DEFAULT_LANGUAGE) answers instead.
CREATE TABLE "organisation_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "membership_mode" TEXT NOT NULL,
    "consent_age" INTEGER NOT NULL,
    "require_birth_date" BOOLEAN NOT NULL,
    "default_language" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisation_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "organisation_settings_single_row" CHECK ("id" = 1),
    CONSTRAINT "organisation_settings_membership_mode_check" CHECK ("membership_mode" IN ('open', 'approval', 'invite')),
    CONSTRAINT "organisation_settings_consent_age_check" CHECK ("consent_age" BETWEEN 13 AND 16)
);
