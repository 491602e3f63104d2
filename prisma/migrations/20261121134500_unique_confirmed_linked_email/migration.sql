-- A confirmed linked email is a sign-in identity: at most one account may hold it. Prisma's schema language
-- cannot express a partial index, so it lives here only (schema.prisma says so beside the field).
CREATE UNIQUE INDEX "users_confirmed_linked_email_key" ON "users"("linked_email") WHERE "linked_email_confirmed";
