-- Recurring events (issue 11). A series is a rule (frequency, zone, first start, count or until); each occurrence
-- is an event row of its own with its RSVPs, comments, capacity and check-in, linked by events.series_id.
--   * ON DELETE SET NULL: a series row going away leaves its occurrences as one-off events, never deletes them
--     (deleting occurrences is always an explicit DELETE of events).
--   * UNIQUE (series_id, date): an occurrence exists once, so two app instances extending the same series at
--     the same moment cannot both insert it (the second insert skips it).

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "series_id" INTEGER;

-- CreateTable
CREATE TABLE "event_series" (
    "id" SERIAL NOT NULL,
    "frequency" TEXT NOT NULL,
    "monthly_by" TEXT,
    "time_zone" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER,
    "until" TIMESTAMPTZ(3),
    "generated_until" TIMESTAMPTZ(3) NOT NULL,
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_series_pkey" PRIMARY KEY ("id")
);

-- Bounds the API also checks, kept by the database for every writer.
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_frequency_known" CHECK ("frequency" IN ('weekly', 'biweekly', 'monthly')),
ADD CONSTRAINT "event_series_monthly_by_known" CHECK ("monthly_by" IS NULL OR "monthly_by" IN ('day', 'weekday')),
ADD CONSTRAINT "event_series_count_range" CHECK ("count" IS NULL OR "count" BETWEEN 1 AND 52);

-- CreateIndex
CREATE INDEX "event_series_complete_idx" ON "event_series"("complete");

-- CreateIndex
CREATE UNIQUE INDEX "events_series_id_date_key" ON "events"("series_id", "date");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "event_series"("id") ON DELETE SET NULL ON UPDATE CASCADE;
