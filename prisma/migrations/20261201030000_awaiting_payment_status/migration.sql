-- "attending" to an event whose fee is paid to confirm: the spot is held until the member pays or the hold runs
-- out. Its own migration: a new enum value may be used only after the transaction that added it has committed.
ALTER TYPE "AttendanceStatus" ADD VALUE 'awaiting_payment';
