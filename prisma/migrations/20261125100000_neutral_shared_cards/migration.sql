-- A shared card shows its event only while the event is public. Once the event is made private or deleted,
-- the card refresher edits the card to one neutral text that names nothing of the event, the same for both,
-- so the chat can tell neither the event's name nor which of the two happened. The deleted event's name is
-- therefore no longer kept, and an event deleted after it took place is neutralised like any other (the
-- neutral text does not claim it was cancelled).

CREATE OR REPLACE FUNCTION "events_mark_shared_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shared_cards"
     SET "stale_since" = COALESCE("stale_since", CURRENT_TIMESTAMP), "changes" = "changes" + 1
   WHERE "event_id" = OLD."id";
  RETURN NULL;
END
$$;

-- AlterTable
ALTER TABLE "shared_cards" DROP COLUMN "cancelled_name";
