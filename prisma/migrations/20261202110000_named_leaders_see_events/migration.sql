-- The leaders an event names see it as an invitee does (event-visibility-repository.ts, visibleToSql): a manager
-- may name a cleared adult of another section, or one not invited to a private event, and they must find the
-- event in their calendar feed too. The calendar triggers' copy of the rule gains the same clause.
CREATE OR REPLACE FUNCTION "calendar_may_see"(event_row "events", viewer_id INTEGER) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (event_row."is_public" AND event_row."section_id" IS NULL) OR event_row."creator_id" = viewer_id
      OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = viewer_id AND u."is_admin")
      OR EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = event_row."id" AND i."user_id" = viewer_id)
      OR EXISTS (SELECT 1 FROM "event_leaders" el WHERE el."event_id" = event_row."id" AND el."user_id" = viewer_id)
      OR (event_row."section_id" IS NOT NULL AND EXISTS (
            SELECT 1 FROM "section_members" sm WHERE sm."section_id" = event_row."section_id"
              AND ((sm."user_id" = viewer_id AND (event_row."is_public" OR sm."role" = 'leader'))
                   OR (event_row."is_public" AND sm."user_id" IN (
                         SELECT g."child_id" FROM "guardianships" g WHERE g."guardian_id" = viewer_id)))));
$$;

-- Taken off an event they could see only as its leader: it leaves their feed as a cancellation, as an uninvited
-- member's does, when their feed held it (every event they may see, or one they replied to). A leader who still
-- sees it (a member of its section, invited, an admin) keeps it. A cascade from a deleted event finds no row (the
-- event's own trigger has cancelled it for everyone whose feed held it).
CREATE FUNCTION "event_leaders_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_row "events";
BEGIN
  SELECT * INTO event_row FROM "events" WHERE "id" = OLD."event_id";
  IF FOUND AND NOT "calendar_may_see"(event_row, OLD."user_id")
     AND (EXISTS (SELECT 1 FROM "calendar_feeds" f WHERE f."user_id" = OLD."user_id" AND f."all_events")
          OR EXISTS (SELECT 1 FROM "attendances" a
                      WHERE a."event_id" = OLD."event_id" AND a."user_id" = OLD."user_id"
                        AND a."status" IN ('attending', 'maybe', 'waitlisted'))) THEN
    PERFORM "calendar_cancel"(event_row, ARRAY[OLD."user_id"]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "event_leaders_calendar"
AFTER DELETE ON "event_leaders"
FOR EACH ROW EXECUTE FUNCTION "event_leaders_calendar"();
