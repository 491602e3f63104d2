-- Performance at community scale (issue 13).
--
-- 1. The list reads every count from the event's row: events.waitlist_count and events.maybe_count are kept by
--    the same trigger on attendances that keeps attending_people, in the statement that changes the reply.
-- 2. Keyset paging on (date, id): the index replaces the one on date alone.
-- 3. A database-wide data version for cheap repeats (version ETags): one row, bumped once by every transaction
--    that writes events, attendances, invitations, comments or event_series (a series' rule shows in its events).
--    The bump is a deferred constraint trigger, so it runs at commit: the row's lock is held only for the end of
--    the transaction, and a reader's snapshot that sees version V sees every write that bumped it up to V.

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "maybe_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "waitlist_count" INTEGER NOT NULL DEFAULT 0;

-- DropIndex
DROP INDEX "events_date_idx";

-- CreateIndex
CREATE INDEX "events_date_id_idx" ON "events"("date", "id");

-- CreateTable
CREATE TABLE "data_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "data_version_pkey" PRIMARY KEY ("id")
);

INSERT INTO "data_version" ("id", "version") VALUES (1, 1);

-- Replies from before this migration.
UPDATE "events" e SET
  "waitlist_count" = (SELECT count(*) FROM "attendances" a WHERE a."event_id" = e."id" AND a."status" = 'waitlisted'),
  "maybe_count" = (SELECT count(*) FROM "attendances" a WHERE a."event_id" = e."id" AND a."status" = 'maybe');

-- The kept counts: one UPDATE of the event per change of a count (none when nothing counted changed).
CREATE OR REPLACE FUNCTION "attendances_count_people"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_people INTEGER := 0;
  after_people INTEGER := 0;
  before_waiting INTEGER := 0;
  after_waiting INTEGER := 0;
  before_maybe INTEGER := 0;
  after_maybe INTEGER := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD."status" = 'attending' THEN before_people := 1 + OLD."guests"; END IF;
    IF OLD."status" = 'waitlisted' THEN before_waiting := 1; END IF;
    IF OLD."status" = 'maybe' THEN before_maybe := 1; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW."status" = 'attending' THEN after_people := 1 + NEW."guests"; END IF;
    IF NEW."status" = 'waitlisted' THEN after_waiting := 1; END IF;
    IF NEW."status" = 'maybe' THEN after_maybe := 1; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."event_id" <> NEW."event_id" THEN
    UPDATE "events" SET "attending_people" = "attending_people" - before_people,
        "waitlist_count" = "waitlist_count" - before_waiting, "maybe_count" = "maybe_count" - before_maybe
     WHERE "id" = OLD."event_id";
    UPDATE "events" SET "attending_people" = "attending_people" + after_people,
        "waitlist_count" = "waitlist_count" + after_waiting, "maybe_count" = "maybe_count" + after_maybe
     WHERE "id" = NEW."event_id";
  ELSIF after_people <> before_people OR after_waiting <> before_waiting OR after_maybe <> before_maybe THEN
    UPDATE "events" SET "attending_people" = "attending_people" + after_people - before_people,
        "waitlist_count" = "waitlist_count" + after_waiting - before_waiting,
        "maybe_count" = "maybe_count" + after_maybe - before_maybe
     WHERE "id" = COALESCE(NEW."event_id", OLD."event_id");
  END IF;
  RETURN NULL;
END
$$;

ALTER TABLE "events" ADD CONSTRAINT "events_kept_counts_nonnegative" CHECK ("waitlist_count" >= 0 AND "maybe_count" >= 0);

-- Once per transaction (a transaction-local flag), at commit.
CREATE FUNCTION "data_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.data_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('app.data_version_bumped', 'on', true);
    UPDATE "data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "events_data_version" AFTER INSERT OR UPDATE OR DELETE ON "events"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "attendances_data_version" AFTER INSERT OR UPDATE OR DELETE ON "attendances"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "invitations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "invitations"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "comments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "comments"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "event_series_data_version" AFTER INSERT OR UPDATE OR DELETE ON "event_series"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
