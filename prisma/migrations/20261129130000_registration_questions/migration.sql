-- Registration questions an event's managers ask with the reply, and the members' answers. Removing a question
-- removes its answers; deleting the event removes both. Answers to sensitive questions are also deleted
-- SENSITIVE_ANSWERS_DAYS after the event ends (the worker's scan, questions-repository.ts).
CREATE TABLE "registration_questions" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "options" JSONB,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "sensitive" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "registration_questions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "registration_questions_kind" CHECK ("kind" IN ('text', 'long_text', 'single', 'multi', 'checkbox', 'number', 'date')),
    CONSTRAINT "registration_questions_label_length" CHECK (char_length("label") BETWEEN 1 AND 200)
);
CREATE INDEX "registration_questions_event_id_position_idx" ON "registration_questions"("event_id", "position");
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "registration_answers" (
    "question_id" INTEGER NOT NULL,
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registration_answers_pkey" PRIMARY KEY ("question_id", "user_id")
);
CREATE INDEX "registration_answers_event_id_user_id_idx" ON "registration_answers"("event_id", "user_id");
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "registration_questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An event's details carry the viewer's answers (myAnswers): a change of them is a new data version, so a
-- details ETag never answers 304 over answers that changed.
CREATE CONSTRAINT TRIGGER "registration_answers_data_version" AFTER INSERT OR UPDATE OR DELETE ON "registration_answers"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
CREATE CONSTRAINT TRIGGER "registration_questions_data_version" AFTER INSERT OR UPDATE OR DELETE ON "registration_questions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
