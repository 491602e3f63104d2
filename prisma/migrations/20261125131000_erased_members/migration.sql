-- A member who leaves keeps a users row without personal data (a tombstone), so their comments, the events
-- they created and the audit log's actor ids still point at a row; deleted_at tells it from a live account.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
