-- Leader checks (background check, safeguarding training, first aid) with the dates they run out, the leaders an
-- event names, and the organisation's rules for them: which checks a leader needs, and how many leaders an event
-- with minors wants. The scan's marks (reminded, lapsed, warned) make each notice and audit entry happen once.

-- AlterTable
ALTER TABLE "organisation_settings" ADD COLUMN "required_leader_checks" TEXT[] DEFAULT ARRAY['background_check', 'safeguarding_training']::TEXT[],
ADD COLUMN "min_leaders_per_event" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN "youth_per_leader" INTEGER NOT NULL DEFAULT 8;

-- CreateTable
CREATE TABLE "leader_checks" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT,
    "completed_on" DATE NOT NULL,
    "expires_on" DATE NOT NULL,
    "added_by_id" INTEGER,
    "reminded_30_at" TIMESTAMPTZ(3),
    "reminded_7_at" TIMESTAMPTZ(3),
    "lapsed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leader_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_leaders" (
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_leaders_pkey" PRIMARY KEY ("event_id","user_id")
);

-- CreateTable
CREATE TABLE "leader_shortfall_notices" (
    "event_id" INTEGER NOT NULL,
    "event_date" TIMESTAMPTZ(3) NOT NULL,
    "noticed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "leader_shortfall_notices_pkey" PRIMARY KEY ("event_id","event_date")
);

-- CreateIndex
CREATE INDEX "leader_checks_user_id_idx" ON "leader_checks"("user_id");

-- CreateIndex
CREATE INDEX "leader_checks_expires_on_idx" ON "leader_checks"("expires_on");

-- CreateIndex
CREATE INDEX "event_leaders_user_id_idx" ON "event_leaders"("user_id");

-- AddForeignKey
ALTER TABLE "leader_checks" ADD CONSTRAINT "leader_checks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leader_checks" ADD CONSTRAINT "leader_checks_added_by_id_fkey" FOREIGN KEY ("added_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_leaders" ADD CONSTRAINT "event_leaders_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_leaders" ADD CONSTRAINT "event_leaders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leader_shortfall_notices" ADD CONSTRAINT "leader_shortfall_notices_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The API checks the same: the three kinds, a reference of at most 100 characters, an end after the start.
ALTER TABLE "leader_checks" ADD CONSTRAINT "leader_checks_kind" CHECK ("kind" IN ('background_check', 'safeguarding_training', 'first_aid'));
ALTER TABLE "leader_checks" ADD CONSTRAINT "leader_checks_reference_length" CHECK (char_length("reference") <= 100);
ALTER TABLE "leader_checks" ADD CONSTRAINT "leader_checks_dates" CHECK ("expires_on" > "completed_on");
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_min_leaders" CHECK ("min_leaders_per_event" BETWEEN 0 AND 20);
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_youth_per_leader" CHECK ("youth_per_leader" BETWEEN 1 AND 100);
