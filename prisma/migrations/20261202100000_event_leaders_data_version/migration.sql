-- An event's details tell a leader it names that they may take its register (mayTakeRegister): a repeat read
-- with its version ETag must not keep that after the leaders change, so the version moves with them.
CREATE CONSTRAINT TRIGGER "event_leaders_data_version" AFTER INSERT OR UPDATE OR DELETE ON "event_leaders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
