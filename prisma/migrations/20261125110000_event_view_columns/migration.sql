-- What the views kept by triggers watch of an event, declared once: one row per column of "events", saying for
-- each view whether an edit of that column must reach it. The triggers that keep the views compare exactly the
-- watched columns in their WHEN clauses, which are generated from this table whenever it changes. A new column
-- therefore needs one row here (an INSERT in its migration), never a copy of a trigger function;
-- tests/api/event-columns.test.ts fails while a column of "events" has no row.
--   calendar:    the iCalendar SEQUENCE rises (calendar apps take an edit only then);
--   shared_card: the event's shared cards are marked stale (the refresher redraws them).
-- Each view's value: 'watched'; 'watched once set' (a first value given to a column that was null is no edit:
-- events from before time zones are given the zone they were already shown in); 'irrelevant' (not shown).
-- A WHEN clause is a comparison PostgreSQL evaluates without calling a function: a write no view watches (the
-- kept counts an RSVP moves, for the calendar) costs no trigger call at all.

-- CreateTable
CREATE TABLE "event_view_columns" (
    "column_name" TEXT NOT NULL,
    "calendar" TEXT NOT NULL CHECK ("calendar" IN ('watched', 'watched once set', 'irrelevant')),
    "shared_card" TEXT NOT NULL CHECK ("shared_card" IN ('watched', 'watched once set', 'irrelevant')),

    CONSTRAINT "event_view_columns_pkey" PRIMARY KEY ("column_name")
);

-- A calendar learns about an edit only when SEQUENCE grows. Fired only by a watched change (WHEN, below).
CREATE FUNCTION "events_calendar_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sequence" := OLD."sequence" + 1;
  RETURN NEW;
END
$$;

-- Made private: members who may no longer see it lose it from their feeds, as it was while they could see it.
-- PostgreSQL runs a table's BEFORE triggers in name order, so "events_calendar_sequence" has raised NEW's
-- SEQUENCE by then and the cancellation is newer than the edit.
CREATE OR REPLACE FUNCTION "events_calendar_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seen "events";
BEGIN
  last_seen := OLD;
  last_seen."sequence" := NEW."sequence";
  PERFORM "calendar_cancel"(last_seen, ARRAY(
    SELECT u."id" FROM "users" u
     WHERE NOT u."is_admin" AND u."id" <> NEW."creator_id"
       AND NOT EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = NEW."id" AND i."user_id" = u."id")
       AND (EXISTS (SELECT 1 FROM "calendar_feeds" f WHERE f."user_id" = u."id" AND f."all_events")
            OR EXISTS (SELECT 1 FROM "attendances" a WHERE a."event_id" = NEW."id" AND a."user_id" = u."id"
                         AND a."status" IN ('attending', 'maybe', 'waitlisted')))));
  RETURN NEW;
END
$$;

DROP TRIGGER "events_calendar_update" ON "events";
CREATE TRIGGER "events_calendar_update"
BEFORE UPDATE ON "events"
FOR EACH ROW
WHEN (OLD."is_public" AND NOT NEW."is_public")
EXECUTE FUNCTION "events_calendar_update"();

-- The WHEN condition of a view's trigger (`view_name`: a column of the table above): one of its watched columns
-- changed ('false' when it watches none).
CREATE FUNCTION "event_view_changed_sql"(view_name TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT COALESCE(string_agg(
           format('(OLD.%1$I IS DISTINCT FROM NEW.%1$I%2$s)', c."column_name",
                  CASE WHEN to_jsonb(c) ->> view_name = 'watched once set'
                       THEN format(' AND OLD.%I IS NOT NULL', c."column_name") ELSE '' END),
           ' OR ' ORDER BY c."column_name"), 'false')
    FROM "event_view_columns" c
   WHERE to_jsonb(c) ->> view_name IN ('watched', 'watched once set');
$$;

-- Writes the views' triggers on "events" from the table: a column named there that "events" lacks fails here.
CREATE FUNCTION "event_view_triggers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DROP TRIGGER IF EXISTS "events_calendar_sequence" ON "events";
  EXECUTE format('CREATE TRIGGER "events_calendar_sequence" BEFORE UPDATE ON "events" FOR EACH ROW WHEN (%s) '
                 'EXECUTE FUNCTION "events_calendar_sequence"()', "event_view_changed_sql"('calendar'));
  DROP TRIGGER IF EXISTS "events_mark_shared_cards_on_update" ON "events";
  EXECUTE format('CREATE TRIGGER "events_mark_shared_cards_on_update" AFTER UPDATE ON "events" FOR EACH ROW '
                 'WHEN (%s) EXECUTE FUNCTION "events_mark_shared_cards"()', "event_view_changed_sql"('shared_card'));
  RETURN NULL;
END
$$;

CREATE TRIGGER "event_view_columns_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_view_columns"
FOR EACH STATEMENT EXECUTE FUNCTION "event_view_triggers"();

-- The calendar entry shows the name, description, time, zone and place (visibility is kept by cancellations);
-- the shared card the name, time, zone, place, cover and people attending of a public event.
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES
  ('id', 'irrelevant', 'irrelevant'),
  ('name', 'watched', 'watched'),
  ('description', 'watched', 'irrelevant'),
  ('date', 'watched', 'watched'),
  ('location', 'watched', 'watched'),
  ('image_url', 'irrelevant', 'watched'),
  ('is_public', 'irrelevant', 'watched'),
  ('creator_id', 'irrelevant', 'irrelevant'),
  ('reminder_sent_at', 'irrelevant', 'irrelevant'),
  ('capacity', 'irrelevant', 'watched'),
  ('guests_allowed', 'irrelevant', 'irrelevant'),
  ('rsvp_closes_at', 'irrelevant', 'irrelevant'),
  ('attending_people', 'irrelevant', 'watched'),
  ('waitlist_count', 'irrelevant', 'irrelevant'),
  ('maybe_count', 'irrelevant', 'irrelevant'),
  ('rsvp_digest', 'irrelevant', 'irrelevant'),
  ('rsvp_digest_due_at', 'irrelevant', 'irrelevant'),
  ('time_zone', 'watched once set', 'watched'),
  ('sequence', 'irrelevant', 'irrelevant'),
  ('created_at', 'irrelevant', 'irrelevant'),
  ('updated_at', 'irrelevant', 'irrelevant'),
  ('series_id', 'irrelevant', 'irrelevant');
