-- Covers follow their events' visibility: an uploaded cover is served to shared caches only while every event
-- showing it is public, so each read of a cover asks which events show it (a series shares one cover).

-- CreateIndex
CREATE INDEX "events_image_url_idx" ON "events"("image_url");
