-- A calendar feed shows a member only what they may see, also in its cancelled entries.
--
-- A cancellation carries the event as the member last saw it while they could see it:
--   * made private: the name, date and zone from before the edit (the same edit may rename or move it),
--     with a SEQUENCE above the one their calendar holds;
--   * later edits and the deletion of an event the member can no longer see leave their cancellation as it is;
--   * a reply recorded for someone who can no longer see the event neither writes nor removes their cancellation.
-- Calendars still get a STATUS:CANCELLED entry with the event's UID, so they remove what they imported.

-- Who may see an event: the events' own rule (events-repository visibleTo).
CREATE FUNCTION "calendar_may_see"(event_row "events", viewer_id INTEGER) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT event_row."is_public" OR event_row."creator_id" = viewer_id
      OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = viewer_id AND u."is_admin")
      OR EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = event_row."id" AND i."user_id" = viewer_id);
$$;

CREATE OR REPLACE FUNCTION "events_calendar_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seen "events";
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" OR NEW."description" IS DISTINCT FROM OLD."description"
     OR NEW."date" IS DISTINCT FROM OLD."date" OR NEW."location" IS DISTINCT FROM OLD."location"
     OR (NEW."time_zone" IS DISTINCT FROM OLD."time_zone" AND OLD."time_zone" IS NOT NULL) THEN
    NEW."sequence" := OLD."sequence" + 1;
  END IF;
  -- Made private: members who may no longer see it lose it from their feeds, as it was while they could see it.
  IF OLD."is_public" AND NOT NEW."is_public" THEN
    last_seen := OLD;
    last_seen."sequence" := NEW."sequence";
    PERFORM "calendar_cancel"(last_seen, ARRAY(
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

-- Deleted: everyone who may see it and whose feed held it (its attendees, and "all events" feeds). Attendees
-- who lost sight of it keep the cancellation written then.
CREATE OR REPLACE FUNCTION "events_calendar_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "calendar_cancel"(OLD, ARRAY(
    SELECT a."user_id" FROM "attendances" a
     WHERE a."event_id" = OLD."id" AND a."status" IN ('attending', 'maybe', 'waitlisted')
       AND "calendar_may_see"(OLD, a."user_id")
    UNION
    SELECT f."user_id" FROM "calendar_feeds" f
     WHERE f."all_events" AND "calendar_may_see"(OLD, f."user_id")));
  RETURN OLD;
END
$$;

-- Stopped going: a cancellation for that member; going again removes it. Only for members who may see the event.
CREATE OR REPLACE FUNCTION "attendances_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_row "events";
BEGIN
  IF NOT (NEW."status" IN ('attending', 'maybe', 'waitlisted')
          OR (TG_OP = 'UPDATE' AND OLD."status" IN ('attending', 'maybe', 'waitlisted'))) THEN
    RETURN NULL;
  END IF;
  SELECT * INTO event_row FROM "events" WHERE "id" = NEW."event_id";
  IF NOT FOUND OR NOT "calendar_may_see"(event_row, NEW."user_id") THEN
    RETURN NULL;
  END IF;
  IF NEW."status" IN ('attending', 'maybe', 'waitlisted') THEN
    DELETE FROM "calendar_cancellations" WHERE "user_id" = NEW."user_id" AND "event_id" = NEW."event_id";
  ELSE
    PERFORM "calendar_cancel"(event_row, ARRAY[NEW."user_id"]);
  END IF;
  RETURN NULL;
END
$$;
