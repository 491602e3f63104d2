-- The language a posted event card is written in, so that every redraw keeps it: a card posted into a private
-- chat reads the sharer's language; one in a group or channel (and one posted from the Mini App, whose chat the
-- bot does not learn) is NULL, the organisation's default language at the time of each redraw. Cards posted
-- before were English and follow the organisation's language from their next redraw.

-- AlterTable
ALTER TABLE "shared_cards" ADD COLUMN "language" TEXT;
