-- Who is in and what they may do: every account has a status (active, pending approval, suspended) and a role
-- (member, organiser, admin). Accounts that exist when this ships are active; admins keep their powers.
ALTER TABLE "users" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'active';
ALTER TABLE "users" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'member';
UPDATE "users" SET "role" = 'admin' WHERE "is_admin";
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("status" IN ('active', 'pending', 'suspended'));
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('member', 'organiser', 'admin'));
CREATE INDEX "users_status_id_idx" ON "users"("status", "id");

-- is_admin stays (every permission check and the hot path read it) and is true exactly for the admin role:
-- whichever of the two a write changes, the other follows, so no code path can make them disagree.
CREATE FUNCTION "users_sync_admin_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."is_admin" THEN NEW."role" := 'admin'; ELSIF NEW."role" = 'admin' THEN NEW."is_admin" := TRUE; END IF;
  ELSIF NEW."role" IS DISTINCT FROM OLD."role" THEN
    NEW."is_admin" := NEW."role" = 'admin';
  ELSIF NEW."is_admin" IS DISTINCT FROM OLD."is_admin" THEN
    NEW."role" := CASE WHEN NEW."is_admin" THEN 'admin' ELSE 'member' END;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "users_sync_admin_role"
BEFORE INSERT OR UPDATE OF "is_admin", "role" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_sync_admin_role"();

-- The audit log: one row per governance action, written in the transaction of the change. Append-only: the
-- database refuses to change or delete an entry, except the retention job, which says so for its own
-- transaction (SET LOCAL audit.retention = 'on') and records that it ran. actor_id has no foreign key: an
-- entry outlives the account (erasure must not rewrite history), and the name is read from users when shown.
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" INTEGER,
    "action" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_log_action_id_idx" ON "audit_log"("action", "id");
CREATE INDEX "audit_log_actor_id_id_idx" ON "audit_log"("actor_id", "id");
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");

CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.retention', TRUE) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "audit_log_append_only"
BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

CREATE TRIGGER "audit_log_no_truncate"
BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
