-- A minor's "attending" on an event that needs a guardian's approval: the spot is held (counted among the
-- people attending) until a guardian approves, declines, or the request expires. Its own migration: a new enum
-- value may be used only after the transaction that added it has committed.
ALTER TYPE "AttendanceStatus" ADD VALUE 'awaiting_guardian';
