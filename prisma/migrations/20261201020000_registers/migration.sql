-- CreateTable
CREATE TABLE "register_entries" (
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'register',
    "marked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "register_entries_pkey" PRIMARY KEY ("event_id","user_id")
);

-- CreateTable
CREATE TABLE "event_nudges" (
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "nudged_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_nudges_pkey" PRIMARY KEY ("event_id","user_id")
);

-- CreateIndex
CREATE INDEX "register_entries_user_id_idx" ON "register_entries"("user_id");

-- CreateIndex
CREATE INDEX "event_nudges_user_id_idx" ON "event_nudges"("user_id");

-- AddForeignKey
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_nudges" ADD CONSTRAINT "event_nudges_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_nudges" ADD CONSTRAINT "event_nudges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A register's marks and where they came from; the API checks the same values.
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_status" CHECK ("status" IN ('present', 'late', 'excused', 'absent'));
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_source" CHECK ("source" IN ('register', 'check_in'));

-- A scanned pass is the register's "present", whoever checks the member in (the API, the bot, a second
-- instance): a member marked absent or excused who turns up after all is present; one marked late stays late.
-- Undoing a check-in made by mistake takes back only the mark the check-in wrote.
CREATE FUNCTION "attendances_register_check_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."checked_in_at" IS NOT NULL THEN
    INSERT INTO "register_entries" ("event_id", "user_id", "status", "source", "marked_at")
    VALUES (NEW."event_id", NEW."user_id", 'present', 'check_in', NEW."checked_in_at")
    ON CONFLICT ("event_id", "user_id") DO UPDATE
      SET "status" = 'present', "source" = 'check_in', "marked_at" = EXCLUDED."marked_at"
      WHERE "register_entries"."status" IN ('absent', 'excused');
  ELSE
    DELETE FROM "register_entries"
     WHERE "event_id" = NEW."event_id" AND "user_id" = NEW."user_id" AND "source" = 'check_in';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "attendances_register_check_in"
AFTER UPDATE OF "checked_in_at" ON "attendances"
FOR EACH ROW
WHEN (OLD."checked_in_at" IS DISTINCT FROM NEW."checked_in_at")
EXECUTE FUNCTION "attendances_register_check_in"();

-- An event that members can no longer see leaves their feeds as a cancellation: made private (as before) and now
-- also moved into a section they are not in (or from one section to another). Only those who could see it before
-- the edit and whose feed held it are written one, so a section's event never names itself in an outsider's feed.
-- PostgreSQL runs a table's BEFORE triggers in name order, so "events_calendar_sequence" has raised NEW's
-- SEQUENCE by then and the cancellation is newer than the edit.
CREATE OR REPLACE FUNCTION "events_calendar_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seen "events";
BEGIN
  last_seen := OLD;
  last_seen."sequence" := NEW."sequence";
  PERFORM "calendar_cancel"(last_seen, ARRAY(
    SELECT held."user_id" FROM (
        SELECT f."user_id" FROM "calendar_feeds" f WHERE f."all_events"
        UNION
        SELECT a."user_id" FROM "attendances" a
         WHERE a."event_id" = NEW."id" AND a."status" IN ('attending', 'maybe', 'waitlisted')) held
     WHERE "calendar_may_see"(OLD, held."user_id") AND NOT "calendar_may_see"(NEW, held."user_id")));
  RETURN NEW;
END
$$;

DROP TRIGGER "events_calendar_update" ON "events";
CREATE TRIGGER "events_calendar_update"
BEFORE UPDATE ON "events"
FOR EACH ROW
WHEN ((OLD."is_public" AND NOT NEW."is_public")
      OR (NEW."section_id" IS NOT NULL AND NEW."section_id" IS DISTINCT FROM OLD."section_id"))
EXECUTE FUNCTION "events_calendar_update"();

-- Leaving a section (or no longer leading it) takes its events out of the member's feed and their guardians'
-- feeds, for those who can no longer see them: the feed's window (90 days back) and later.
CREATE FUNCTION "section_members_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_row "events";
BEGIN
  FOR event_row IN
    SELECT * FROM "events" e
     WHERE e."section_id" = OLD."section_id" AND e."date" >= CURRENT_TIMESTAMP - INTERVAL '90 days'
  LOOP
    PERFORM "calendar_cancel"(event_row, ARRAY(
      SELECT c."user_id" FROM (
          SELECT OLD."user_id" AS "user_id"
          UNION
          SELECT g."guardian_id" FROM "guardianships" g WHERE g."child_id" = OLD."user_id") c
       WHERE (EXISTS (SELECT 1 FROM "calendar_feeds" f WHERE f."user_id" = c."user_id" AND f."all_events")
              OR EXISTS (SELECT 1 FROM "attendances" a
                          WHERE a."event_id" = event_row."id" AND a."user_id" = c."user_id"
                            AND a."status" IN ('attending', 'maybe', 'waitlisted')))
         AND NOT "calendar_may_see"(event_row, c."user_id")));
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER "section_members_calendar_left"
AFTER DELETE ON "section_members"
FOR EACH ROW EXECUTE FUNCTION "section_members_calendar"();

CREATE TRIGGER "section_members_calendar_stepped_down"
AFTER UPDATE OF "role" ON "section_members"
FOR EACH ROW
WHEN (OLD."role" = 'leader' AND NEW."role" <> 'leader')
EXECUTE FUNCTION "section_members_calendar"();
