-- AlterTable
ALTER TABLE "events" ADD COLUMN     "fee_amount" INTEGER,
ADD COLUMN     "fee_currency" TEXT,
ADD COLUMN     "payment_mode" TEXT NOT NULL DEFAULT 'pay_later',
ADD COLUMN     "payment_reminded_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "attendances" ADD COLUMN     "payment_hold_until" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "organisation_settings" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "refund_until_hours" INTEGER NOT NULL DEFAULT 48;

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "event_name" TEXT NOT NULL,
    "user_id" INTEGER,
    "status" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "method" TEXT,
    "provider_payment_id" TEXT,
    "provider_session_id" TEXT,
    "note" TEXT,
    "recorded_by" INTEGER,
    "refunded_amount" INTEGER NOT NULL DEFAULT 0,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_refunds" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "provider_refund_id" TEXT,
    "recorded_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payments_user_id_idx" ON "payments"("user_id");

-- CreateIndex
CREATE INDEX "payments_created_at_idx" ON "payments"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payments_event_id_user_id_key" ON "payments"("event_id", "user_id");

-- CreateIndex
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds"("payment_id");

-- CreateIndex
CREATE INDEX "payment_refunds_created_at_idx" ON "payment_refunds"("created_at");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;



-- Amounts are whole minor units (no floating point anywhere); currencies ISO 4217 codes. The API checks the same.
ALTER TABLE "events" ADD CONSTRAINT "events_fee" CHECK (
  ("fee_amount" IS NULL AND "fee_currency" IS NULL)
  OR ("fee_amount" BETWEEN 1 AND 1000000 AND "fee_currency" ~ '^[A-Z]{3}$'));
ALTER TABLE "events" ADD CONSTRAINT "events_payment_mode" CHECK ("payment_mode" IN ('pay_to_confirm', 'pay_later'));
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_currency" CHECK ("currency" ~ '^[A-Z]{3}$');
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_refund_until_hours"
  CHECK ("refund_until_hours" BETWEEN 0 AND 8760);
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("status" IN ('owed', 'pending', 'paid', 'waived', 'refunded'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_method" CHECK ("method" IN ('cash', 'bank_transfer', 'waived', 'stripe'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount" CHECK ("amount" BETWEEN 0 AND 1000000000 AND "currency" ~ '^[A-Z]{3}$');
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount" CHECK ("refunded_amount" BETWEEN 0 AND "amount");
ALTER TABLE "payments" ADD CONSTRAINT "payments_note_length" CHECK (char_length("note") <= 500);
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount" CHECK ("amount" >= 1);
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_reason" CHECK ("reason" IN ('manual', 'cancelled', 'event_deleted'));

-- The calendar and the shared card show no fee.
INSERT INTO "event_view_columns" ("column_name", "calendar", "shared_card") VALUES
  ('fee_amount', 'irrelevant', 'irrelevant'),
  ('fee_currency', 'irrelevant', 'irrelevant'),
  ('payment_mode', 'irrelevant', 'irrelevant'),
  ('payment_reminded_at', 'irrelevant', 'irrelevant');

-- A reply awaiting payment holds its spot like one awaiting a guardian: it counts among the people attending
-- (so capacity and the overbooking guard see it) until it is paid (attending) or released.
CREATE OR REPLACE FUNCTION "attendances_count_people"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_people INTEGER := 0;
  after_people INTEGER := 0;
  before_waiting INTEGER := 0;
  after_waiting INTEGER := 0;
  before_maybe INTEGER := 0;
  after_maybe INTEGER := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD."status" IN ('attending', 'awaiting_guardian', 'awaiting_payment') THEN before_people := 1 + OLD."guests"; END IF;
    IF OLD."status" = 'waitlisted' THEN before_waiting := 1; END IF;
    IF OLD."status" = 'maybe' THEN before_maybe := 1; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW."status" IN ('attending', 'awaiting_guardian', 'awaiting_payment') THEN after_people := 1 + NEW."guests"; END IF;
    IF NEW."status" = 'waitlisted' THEN after_waiting := 1; END IF;
    IF NEW."status" = 'maybe' THEN after_maybe := 1; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."event_id" <> NEW."event_id" THEN
    UPDATE "events" SET "attending_people" = "attending_people" - before_people,
        "waitlist_count" = "waitlist_count" - before_waiting, "maybe_count" = "maybe_count" - before_maybe
     WHERE "id" = OLD."event_id";
    UPDATE "events" SET "attending_people" = "attending_people" + after_people,
        "waitlist_count" = "waitlist_count" + after_waiting, "maybe_count" = "maybe_count" + after_maybe
     WHERE "id" = NEW."event_id";
  ELSIF after_people <> before_people OR after_waiting <> before_waiting OR after_maybe <> before_maybe THEN
    UPDATE "events" SET "attending_people" = "attending_people" + after_people - before_people,
        "waitlist_count" = "waitlist_count" + after_waiting - before_waiting,
        "maybe_count" = "maybe_count" + after_maybe - before_maybe
     WHERE "id" = COALESCE(NEW."event_id", OLD."event_id");
  END IF;
  RETURN NULL;
END
$$;

-- The sweeper's way to the holds that ran out.
CREATE INDEX "attendances_payment_hold_idx" ON "attendances" ("payment_hold_until") WHERE "status" = 'awaiting_payment';

-- An event's details show the viewer's payment: a payment's change moves the version their ETags rest on.
CREATE CONSTRAINT TRIGGER "payments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "payments"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_bump"();
