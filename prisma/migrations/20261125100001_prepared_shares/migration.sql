-- Cards the server prepared for the Mini App's Share action (savePreparedInlineMessage), by the member's
-- Telegram account and event, until Telegram's own expiry of the prepared message. Telegram does not tell
-- the bot the inline message id of a copy posted that way (unless inline feedback reports it), and a tap's
-- callback data is whatever the client sends: an unrecorded copy is tied to an event at its first tap only
-- if that tap comes from the member the server prepared a card of that event for. One row per member and
-- event (preparing again extends it); expired rows are removed as new ones are written. No foreign key:
-- the trigger below forgets a deleted event's rows, as it does when the event is made private.

-- CreateTable
CREATE TABLE "prepared_shares" (
    "telegram_user_id" TEXT NOT NULL,
    "event_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prepared_shares_pkey" PRIMARY KEY ("telegram_user_id","event_id")
);

-- CreateIndex
CREATE INDEX "prepared_shares_expires_at_idx" ON "prepared_shares"("expires_at");

-- A preparation made while the event was public ties nothing once it is private or deleted: a neutralised
-- card cannot be tied to it again at a tap, even if the event turns public later.
CREATE FUNCTION "events_forget_prepared_shares"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "prepared_shares" WHERE "event_id" = OLD."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "events_forget_prepared_shares_on_update"
AFTER UPDATE ON "events"
FOR EACH ROW
WHEN (OLD."is_public" AND NOT NEW."is_public")
EXECUTE FUNCTION "events_forget_prepared_shares"();

CREATE TRIGGER "events_forget_prepared_shares_on_delete"
AFTER DELETE ON "events"
FOR EACH ROW EXECUTE FUNCTION "events_forget_prepared_shares"();
