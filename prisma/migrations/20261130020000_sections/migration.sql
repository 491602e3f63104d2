-- Sections (Beavers, Cubs, Scouts): each with its own members and leaders, and events that belong to a section
-- or (section_id null) to the whole organisation, as every event did before.
-- AlterTable
ALTER TABLE "events" ADD COLUMN     "section_id" INTEGER;

-- CreateTable
CREATE TABLE "sections" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "colour" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "section_members" (
    "section_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "section_members_pkey" PRIMARY KEY ("section_id","user_id")
);

-- CreateIndex
CREATE INDEX "section_members_user_id_idx" ON "section_members"("user_id");

-- CreateIndex
CREATE INDEX "events_section_id_idx" ON "events"("section_id");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "section_members" ADD CONSTRAINT "section_members_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "section_members" ADD CONSTRAINT "section_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Names are unique whatever their case ("Cubs" and "cubs" are one section); the API checks the same bounds.
CREATE UNIQUE INDEX "sections_name_lower_key" ON "sections" (lower("name"));
ALTER TABLE "sections" ADD CONSTRAINT "sections_name_length" CHECK (char_length("name") BETWEEN 1 AND 60);
ALTER TABLE "sections" ADD CONSTRAINT "sections_description_length" CHECK (char_length("description") <= 500);
ALTER TABLE "sections" ADD CONSTRAINT "sections_colour_format" CHECK ("colour" ~ '^#[0-9a-f]{6}$');
ALTER TABLE "section_members" ADD CONSTRAINT "section_members_role" CHECK ("role" IN ('member', 'leader'));

-- A calendar entry does not show the section; a shared Telegram card of an event moved into a section is
-- neutralised, as one of an event made private is.
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES ('section_id', 'irrelevant', 'watched');

-- Who sees which event now also follows section membership and guardianships: the list's version moves with them.
CREATE CONSTRAINT TRIGGER "section_members_data_version" AFTER INSERT OR UPDATE OR DELETE ON "section_members"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "guardianships_data_version" AFTER INSERT OR UPDATE OR DELETE ON "guardianships"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();

-- The calendar triggers' copy of who may see an event, with the section rule of event-visibility-repository.ts.
CREATE OR REPLACE FUNCTION "calendar_may_see"(event_row "events", viewer_id INTEGER) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (event_row."is_public" AND event_row."section_id" IS NULL) OR event_row."creator_id" = viewer_id
      OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = viewer_id AND u."is_admin")
      OR EXISTS (SELECT 1 FROM "invitations" i WHERE i."event_id" = event_row."id" AND i."user_id" = viewer_id)
      OR (event_row."section_id" IS NOT NULL AND EXISTS (
            SELECT 1 FROM "section_members" sm WHERE sm."section_id" = event_row."section_id"
              AND ((sm."user_id" = viewer_id AND (event_row."is_public" OR sm."role" = 'leader'))
                   OR (event_row."is_public" AND sm."user_id" IN (
                         SELECT g."child_id" FROM "guardianships" g WHERE g."guardian_id" = viewer_id)))));
$$;
