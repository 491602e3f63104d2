-- Event cards shared into Telegram chats through inline mode (issue 12): one row per posted copy, known by its
-- inline message id. The copies stay live: whatever changes what a card shows (the event's name, date,
-- location, cover, capacity, the people attending) or deletes the event marks its cards stale in the same
-- statement, through a trigger, so no code path can forget it and a crash cannot lose it. The card refresher
-- edits stale cards once they have been stale for the debounce time (shared-cards-refresher.ts).
-- event_id has no foreign key: a deleted event's cards stay until they have been edited to say so.

-- CreateTable
CREATE TABLE "shared_cards" (
    "inline_message_id" TEXT NOT NULL,
    "event_id" INTEGER NOT NULL,
    "shared_by_telegram_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stale_since" TIMESTAMPTZ(3),
    "changes" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "edited_at" TIMESTAMPTZ(3),
    "edit_attempts" INTEGER NOT NULL DEFAULT 0,
    "cancelled_name" TEXT,

    CONSTRAINT "shared_cards_pkey" PRIMARY KEY ("inline_message_id")
);

-- CreateIndex
CREATE INDEX "shared_cards_event_id_idx" ON "shared_cards"("event_id");

-- CreateIndex
CREATE INDEX "shared_cards_stale_since_idx" ON "shared_cards"("stale_since");

-- Marks the event's cards stale: `changes` counts the marks, so a refresh that raced a newer change keeps the
-- card stale; `stale_since` keeps the first unrefreshed change (the debounce runs from it). A deleted event
-- leaves its name, for the cards that now say it was cancelled; one deleted after it took place (clearing old
-- events) was not cancelled: its cards are simply forgotten.
CREATE FUNCTION "events_mark_shared_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."date" < CURRENT_TIMESTAMP THEN
    DELETE FROM "shared_cards" WHERE "event_id" = OLD."id";
    RETURN NULL;
  END IF;
  UPDATE "shared_cards"
     SET "stale_since" = COALESCE("stale_since", CURRENT_TIMESTAMP), "changes" = "changes" + 1,
         "cancelled_name" = CASE WHEN TG_OP = 'DELETE' THEN OLD."name" ELSE "cancelled_name" END
   WHERE "event_id" = OLD."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "events_mark_shared_cards_on_update"
AFTER UPDATE ON "events"
FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name"
   OR OLD."date" IS DISTINCT FROM NEW."date"
   OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone"
   OR OLD."location" IS DISTINCT FROM NEW."location"
   OR OLD."image_url" IS DISTINCT FROM NEW."image_url"
   OR OLD."is_public" IS DISTINCT FROM NEW."is_public"
   OR OLD."capacity" IS DISTINCT FROM NEW."capacity"
   OR OLD."attending_people" IS DISTINCT FROM NEW."attending_people")
EXECUTE FUNCTION "events_mark_shared_cards"();

CREATE TRIGGER "events_mark_shared_cards_on_delete"
AFTER DELETE ON "events"
FOR EACH ROW EXECUTE FUNCTION "events_mark_shared_cards"();
