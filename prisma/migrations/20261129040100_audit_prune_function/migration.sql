-- The audit log's retention no longer rests on a setting any session may set (SET LOCAL audit.retention): an
-- entry may be deleted only once it is older than the retention period, whoever deletes it, and the app prunes
-- through audit_log_prune(), a SECURITY DEFINER function owned by the database owner. In the least-privilege
-- setup (DATABASE_OWNER_URL, docs/operations.md) the app's role may only INSERT and SELECT on audit_log and
-- EXECUTE the function: it can neither change nor delete an entry, nor truncate the table, nor disable its
-- triggers (it does not own the table).

-- The retention period, in days: written by the migrator (as the owner) from AUDIT_RETENTION_DAYS at each start.
-- The app's role may not change it in the least-privilege setup.
CREATE TABLE "audit_retention" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "days" INTEGER NOT NULL DEFAULT 730,

    CONSTRAINT "audit_retention_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "audit_retention_one_row" CHECK ("id" = 1),
    CONSTRAINT "audit_retention_days" CHECK ("days" BETWEEN 1 AND 36500)
);
INSERT INTO "audit_retention" ("id", "days") VALUES (1, 730);

DROP TRIGGER "audit_log_append_only" ON "audit_log";
DROP TRIGGER "audit_log_no_truncate" ON "audit_log";
DROP FUNCTION "audit_log_append_only"();

-- An admin's correction of a birth date was recorded with both dates, kept for the whole retention period:
-- entries now say only that it changed, and the ones written before are cleaned here (the trigger that refuses
-- changes is created again just below).
UPDATE "audit_log" SET "details" = '{"birthDate": "changed"}'::jsonb WHERE "action" = 'member.birth_date_changed';

-- Refuses every UPDATE and TRUNCATE, and every DELETE of an entry still within the retention period. The
-- retention is read from audit_retention, which a session of the app's role cannot write; no session setting
-- is consulted.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."at" < now() - make_interval(days => (SELECT "days" FROM "audit_retention" WHERE "id" = 1)) THEN
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

-- The retention job: deletes the entries older than the retention period (on the database's clock) and, when it
-- removed any, records how many. It runs with its owner's rights, so a role without DELETE on audit_log can
-- prune, and only what the retention allows.
CREATE FUNCTION "audit_log_prune"() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  cutoff timestamptz := now() - make_interval(days => (SELECT "days" FROM public."audit_retention" WHERE "id" = 1));
  removed integer;
BEGIN
  DELETE FROM public."audit_log" WHERE "at" < cutoff;
  GET DIAGNOSTICS removed = ROW_COUNT;
  IF removed > 0 THEN
    INSERT INTO public."audit_log" ("actor_id", "action", "subject_type", "subject_id", "details")
    VALUES (NULL, 'audit.pruned', 'audit_log', 'retention',
            jsonb_build_object('count', removed,
                               'before', to_char(cutoff AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  END IF;
  RETURN removed;
END
$$;

REVOKE ALL ON FUNCTION "audit_log_prune"() FROM PUBLIC;
