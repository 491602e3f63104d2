-- Siblings a guardian put on the waitlist together share a block id: the promotion takes the whole block when it
-- fits, never one of them alone (rsvp-rules.ts: partiesToPromote). Null for everyone else.
ALTER TABLE "attendances" ADD COLUMN "together_block" UUID;
