-- How a guardian's consent through an email link becomes valid, and whether shared links show a preview.
ALTER TABLE "organisation_settings"
  ADD COLUMN "consent_verification" TEXT NOT NULL DEFAULT 'leader',
  ADD COLUMN "link_previews" BOOLEAN NOT NULL DEFAULT true,
  ADD CONSTRAINT "organisation_settings_consent_verification_check"
    CHECK ("consent_verification" IN ('leader', 'email'));
