-- Invite links: an admin hands out a code; a pending account that sends it becomes an active member with the
-- invite's role. The code itself is kept (admins copy a link again from the list); it is random (128 bits) and
-- admits nobody on its own: only a signed-in account that sends it. uses never passes max_uses (the CHECK
-- backs the use case's single conditional UPDATE).
CREATE TABLE "invites" (
    "code" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "max_uses" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("code"),
    CONSTRAINT "invites_role_check" CHECK ("role" IN ('member', 'organiser')),
    CONSTRAINT "invites_max_uses_check" CHECK ("max_uses" IS NULL OR "max_uses" BETWEEN 1 AND 1000),
    CONSTRAINT "invites_uses_check" CHECK ("uses" >= 0 AND ("max_uses" IS NULL OR "uses" <= "max_uses"))
);

CREATE INDEX "invites_created_at_idx" ON "invites"("created_at");
