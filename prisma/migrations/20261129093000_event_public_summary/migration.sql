-- What a visitor may read of an event, written for outsiders on purpose (the shared page's teaser and link
-- previews): at most 200 characters, as the API checks too. Null: none.
ALTER TABLE "events" ADD COLUMN "public_summary" TEXT;
ALTER TABLE "events" ADD CONSTRAINT "events_public_summary_length" CHECK (char_length("public_summary") <= 200);

-- Neither a calendar entry nor a shared Telegram card shows it (the card names the event, its time and place).
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES ('public_summary', 'irrelevant', 'irrelevant');

-- The link-preview picture (name and date over the cover), drawn once per `key` (a hash of what it shows) and
-- kept here so every instance serves the same bytes; it goes with its event.
CREATE TABLE "event_preview_images" (
    "event_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_preview_images_pkey" PRIMARY KEY ("event_id")
);

ALTER TABLE "event_preview_images" ADD CONSTRAINT "event_preview_images_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
