-- Comments can be edited by their author and removed by the author, the event's organiser or an admin.
-- Removal is soft (removed_at, removed_by): a removed comment disappears from every listing, but a report about
-- it keeps the words it was about, for the admin resolving it and for the audit trail.
ALTER TABLE "comments" ADD COLUMN "edited_at" TIMESTAMPTZ(3);
ALTER TABLE "comments" ADD COLUMN "removed_at" TIMESTAMPTZ(3);
ALTER TABLE "comments" ADD COLUMN "removed_by" INTEGER;
ALTER TABLE "comments" ADD CONSTRAINT "comments_removed_by_fkey" FOREIGN KEY ("removed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A member's report of a comment: once per member and comment (the unique pair answers a second one with 409).
CREATE TABLE "comment_reports" (
    "id" SERIAL NOT NULL,
    "comment_id" INTEGER NOT NULL,
    "reporter_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" INTEGER,
    "resolution" TEXT,

    CONSTRAINT "comment_reports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "comment_reports_status_check" CHECK ("status" IN ('open', 'resolved')),
    CONSTRAINT "comment_reports_resolution_check" CHECK ("resolution" IN ('dismiss', 'remove_comment', 'suspend_author'))
);

CREATE UNIQUE INDEX "comment_reports_comment_id_reporter_id_key" ON "comment_reports"("comment_id", "reporter_id");
-- The admin's list: open or resolved, newest first, paged by id.
CREATE INDEX "comment_reports_status_id_idx" ON "comment_reports"("status", "id");

ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_resolved_by_fkey" FOREIGN KEY ("resolved_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- At most one waiting digest of reports for the admins: a report made while one waits joins it, so two
-- reports at the same moment cannot queue two digests.
CREATE UNIQUE INDEX "notification_jobs_one_pending_reports_digest" ON "notification_jobs"("kind")
  WHERE "kind" = 'reports_digest' AND "status" = 'pending';
