-- Time zones and calendars (issue 11).
--
--   * events.time_zone: the IANA zone the event happens in. The configured zone (NOTIFICATIONS_TIME_ZONE)
--     is not known here: at startup the application gives it to events from before this migration (null),
--     so they keep showing what they showed; that first zone is not an edit (no SEQUENCE change).
--   * events.sequence: the iCalendar SEQUENCE, raised by a trigger whenever what a calendar shows changes,
--     whoever writes.
--   * calendar_feeds: one secret feed per member (only the token's hash finds it).
--   * calendar_cancellations: what left a member's feed (a deleted event, one they stopped going to or may no
--     longer see), served as STATUS:CANCELLED for 30 days. Kept by triggers so every writer leaves them.
-- The feed lists events the member attends, answered maybe or waits for (attending, maybe, waitlisted).

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "sequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "time_zone" TEXT;

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_sealed" TEXT NOT NULL,
    "all_events" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "calendar_cancellations" (
    "user_id" INTEGER NOT NULL,
    "event_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "time_zone" TEXT,
    "sequence" INTEGER NOT NULL,
    "cancelled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_cancellations_pkey" PRIMARY KEY ("user_id","event_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

-- CreateIndex
CREATE INDEX "calendar_cancellations_cancelled_at_idx" ON "calendar_cancellations"("cancelled_at");

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_cancellations" ADD CONSTRAINT "calendar_cancellations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Records that `event_row` left the feeds of `user_ids` (sequence + 1: newer than what calendars hold).
CREATE FUNCTION "calendar_cancel"(event_row "events", user_ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "calendar_cancellations" ("user_id", "event_id", "name", "date", "time_zone", "sequence")
  SELECT u, event_row."id", event_row."name", event_row."date", event_row."time_zone", event_row."sequence" + 1
    FROM unnest(user_ids) AS u
  ON CONFLICT ("user_id", "event_id") DO UPDATE SET "name" = EXCLUDED."name", "date" = EXCLUDED."date",
    "time_zone" = EXCLUDED."time_zone", "sequence" = EXCLUDED."sequence", "cancelled_at" = CURRENT_TIMESTAMP;
END
$$;

-- A calendar learns about an edit only when SEQUENCE grows.
CREATE FUNCTION "events_calendar_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" OR NEW."description" IS DISTINCT FROM OLD."description"
     OR NEW."date" IS DISTINCT FROM OLD."date" OR NEW."location" IS DISTINCT FROM OLD."location"
     OR (NEW."time_zone" IS DISTINCT FROM OLD."time_zone" AND OLD."time_zone" IS NOT NULL) THEN
    NEW."sequence" := OLD."sequence" + 1;
  END IF;
  -- Made private: members who may no longer see it lose it from their feeds.
  IF OLD."is_public" AND NOT NEW."is_public" THEN
    PERFORM "calendar_cancel"(NEW, ARRAY(
      SELECT u."id" FROM "users" u
       WHERE NOT u."is_admin" AND u."id" <> NEW."creator_id"
         AND NOT EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = NEW."id" AND i."user_id" = u."id")
         AND (EXISTS (SELECT 1 FROM "calendar_feeds" f WHERE f."user_id" = u."id" AND f."all_events")
              OR EXISTS (SELECT 1 FROM "attendances" a WHERE a."event_id" = NEW."id" AND a."user_id" = u."id"
                           AND a."status" IN ('attending', 'maybe', 'waitlisted')))));
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "events_calendar_update"
BEFORE UPDATE ON "events"
FOR EACH ROW EXECUTE FUNCTION "events_calendar_update"();

-- Deleted: everyone whose feed held it (its attendees, and "all events" feeds that could see it).
CREATE FUNCTION "events_calendar_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "calendar_cancel"(OLD, ARRAY(
    SELECT a."user_id" FROM "attendances" a
     WHERE a."event_id" = OLD."id" AND a."status" IN ('attending', 'maybe', 'waitlisted')
    UNION
    SELECT f."user_id" FROM "calendar_feeds" f JOIN "users" u ON u."id" = f."user_id"
     WHERE f."all_events" AND (OLD."is_public" OR u."is_admin" OR u."id" = OLD."creator_id"
           OR EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = OLD."id" AND i."user_id" = u."id"))));
  RETURN OLD;
END
$$;

CREATE TRIGGER "events_calendar_delete"
BEFORE DELETE ON "events"
FOR EACH ROW EXECUTE FUNCTION "events_calendar_delete"();

-- Stopped going: a cancellation for that member; going again removes it.
CREATE FUNCTION "attendances_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_row "events";
BEGIN
  IF NEW."status" IN ('attending', 'maybe', 'waitlisted') THEN
    DELETE FROM "calendar_cancellations" WHERE "user_id" = NEW."user_id" AND "event_id" = NEW."event_id";
  ELSIF TG_OP = 'UPDATE' AND OLD."status" IN ('attending', 'maybe', 'waitlisted') THEN
    SELECT * INTO event_row FROM "events" WHERE "id" = NEW."event_id";
    IF FOUND THEN
      PERFORM "calendar_cancel"(event_row, ARRAY[NEW."user_id"]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "attendances_calendar"
AFTER INSERT OR UPDATE OF "status" ON "attendances"
FOR EACH ROW EXECUTE FUNCTION "attendances_calendar"();

-- Uninvited from a private event: it leaves that member's feed (a cascade from a deleted event finds no row).
CREATE FUNCTION "invitations_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_row "events";
BEGIN
  SELECT * INTO event_row FROM "events" WHERE "id" = OLD."event_id";
  IF FOUND AND NOT event_row."is_public" AND event_row."creator_id" <> OLD."user_id" THEN
    PERFORM "calendar_cancel"(event_row, ARRAY[OLD."user_id"]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "invitations_calendar"
AFTER DELETE ON "invitations"
FOR EACH ROW EXECUTE FUNCTION "invitations_calendar"();
