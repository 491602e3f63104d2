-- RSVP with capacity, waitlist, maybe and guests (issue 10).
--
-- Over-booking is impossible in the database, not only in code:
--   * events.attending_people (members + their guests attending) is kept by a trigger on attendances, in the
--     statement that changes the attendance, so it cannot drift from the rows;
--   * a trigger on events refuses any change that makes attending_people grow beyond capacity (a lowered
--     capacity keeps those already attending: only growth is refused);
--   * the application's lock discipline: every RSVP change takes the event row (SELECT ... FOR UPDATE) first,
--     so the changes of one event run one after another and the waitlist order and counts they read are exact.
-- The new enum values are not used in this migration (PostgreSQL allows that only after the commit).

-- AlterEnum
ALTER TYPE "AttendanceStatus" ADD VALUE 'maybe';
ALTER TYPE "AttendanceStatus" ADD VALUE 'waitlisted';

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "hide_from_attendees" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "attending_people" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "capacity" INTEGER,
ADD COLUMN     "guests_allowed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rsvp_closes_at" TIMESTAMPTZ(3),
ADD COLUMN     "rsvp_digest" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "rsvp_digest_due_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "attendances" ADD COLUMN     "checked_in_at" TIMESTAMPTZ(3),
ADD COLUMN     "guests" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "responded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "waitlisted_at" TIMESTAMPTZ(6);

-- Bounds the API also checks, kept by the database for every writer.
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_range" CHECK ("capacity" IS NULL OR "capacity" BETWEEN 1 AND 100000),
ADD CONSTRAINT "events_guests_allowed_range" CHECK ("guests_allowed" BETWEEN 0 AND 5),
ADD CONSTRAINT "events_attending_people_nonnegative" CHECK ("attending_people" >= 0);
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_guests_range" CHECK ("guests" BETWEEN 0 AND 5);

-- CreateIndex
CREATE INDEX "attendances_event_id_waitlisted_at_idx" ON "attendances"("event_id", "waitlisted_at");

-- Replies from before this migration: the count of attending members (nobody had guests).
UPDATE "events" e SET "attending_people" =
  (SELECT count(*) FROM "attendances" a WHERE a."event_id" = e."id" AND a."status" = 'attending');

-- The kept count: one UPDATE of the event per change of people attending (delta 0: none).
CREATE FUNCTION "attendances_count_people"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_people INTEGER := 0;
  after_people INTEGER := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'attending' THEN
    before_people := 1 + OLD."guests";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'attending' THEN
    after_people := 1 + NEW."guests";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."event_id" <> NEW."event_id" THEN
    UPDATE "events" SET "attending_people" = "attending_people" - before_people WHERE "id" = OLD."event_id";
    UPDATE "events" SET "attending_people" = "attending_people" + after_people WHERE "id" = NEW."event_id";
  ELSIF after_people <> before_people THEN
    UPDATE "events" SET "attending_people" = "attending_people" + after_people - before_people
     WHERE "id" = COALESCE(NEW."event_id", OLD."event_id");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "attendances_count_people"
AFTER INSERT OR UPDATE OR DELETE ON "attendances"
FOR EACH ROW EXECUTE FUNCTION "attendances_count_people"();

-- No growth beyond capacity, whoever writes.
CREATE FUNCTION "events_refuse_overbooking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."capacity" IS NOT NULL AND NEW."attending_people" > NEW."capacity"
     AND NEW."attending_people" > OLD."attending_people" THEN
    RAISE EXCEPTION 'event % is full: % people attending, capacity %',
      NEW."id", NEW."attending_people", NEW."capacity" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "events_refuse_overbooking"
BEFORE UPDATE OF "attending_people", "capacity" ON "events"
FOR EACH ROW EXECUTE FUNCTION "events_refuse_overbooking"();
