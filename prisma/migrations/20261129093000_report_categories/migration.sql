-- Reports carry a category; reports made before categories existed are "other".
-- AlterTable
ALTER TABLE "comment_reports" ADD COLUMN     "category" TEXT NOT NULL DEFAULT 'other';

-- CreateIndex
CREATE INDEX "comment_reports_status_category_id_idx" ON "comment_reports"("status", "category", "id");


-- The API accepts these four; the database keeps to them whatever writes the row.
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_category_check"
  CHECK ("category" IN ('spam', 'bullying', 'safeguarding', 'other'));
