-- What an edit changed travels with its job as keys (date, location, isPublic, details: templates.ts EVENT_CHANGES)
-- that the worker words in each language, instead of an English phrase it read back with a regex. A job queued
-- before this migration keeps its meaning: its phrase ("date, visibility and details changed", "details updated")
-- becomes the same keys here, once, so no code reads phrases any more.
ALTER TABLE "notification_jobs" ADD COLUMN "changed_fields" TEXT[] DEFAULT ARRAY[]::TEXT[];

UPDATE "notification_jobs" SET "changed_fields" = ARRAY(
    SELECT change.key
      FROM (VALUES (1, 'date', 'date'), (2, 'location', 'location'), (3, 'isPublic', 'visibility'), (4, 'details', 'details'))
           AS change(position, key, word)
     WHERE "update_type" ~ ('\m' || change.word || '\M')
     ORDER BY change.position)
 WHERE "update_type" IS NOT NULL;

-- A phrase naming none of them (the events service never wrote one) was sent as "details updated"; it still is.
UPDATE "notification_jobs" SET "changed_fields" = ARRAY['details']
 WHERE "update_type" IS NOT NULL AND cardinality("changed_fields") = 0;

ALTER TABLE "notification_jobs" ALTER COLUMN "changed_fields" SET NOT NULL;
-- "update_type" stays, unread, for one release: during a rolling release an instance of the previous build still
-- writes it (its jobs then name no change, and are sent as "details updated"). The next release drops it.
