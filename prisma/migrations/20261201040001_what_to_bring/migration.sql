-- What members should bring to an event (kit, a packed lunch, money for the bus): one line, at most 500
-- characters, as the API checks too. Null: nothing said.
ALTER TABLE "events" ADD COLUMN "what_to_bring" TEXT;
ALTER TABLE "events" ADD CONSTRAINT "events_what_to_bring_length" CHECK (char_length("what_to_bring") <= 500);

-- Calendar entries say it, so an edit raises their SEQUENCE; a shared Telegram card does not show it.
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES ('what_to_bring', 'watched', 'irrelevant');
