-- A reply awaiting a guardian's approval holds its spot: it counts among the people attending (so capacity and
-- the overbooking guard see it) until it becomes attending or is released.
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
    IF OLD."status" IN ('attending', 'awaiting_guardian') THEN before_people := 1 + OLD."guests"; END IF;
    IF OLD."status" = 'waitlisted' THEN before_waiting := 1; END IF;
    IF OLD."status" = 'maybe' THEN before_maybe := 1; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW."status" IN ('attending', 'awaiting_guardian') THEN after_people := 1 + NEW."guests"; END IF;
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
