-- The admins' member search matches any part of a name, a sign-in email or a Telegram username, in any case
-- (ILIKE '%…%'), which no b-tree can answer: one trigram index over the searched text lets PostgreSQL find the few
-- matching members of a large organisation without reading every row. The parts are joined by U+001F, which no
-- one types, so a search never matches across two of them. The expression is the one listMembers searches
-- (membership/members-admin-repository.ts). PGlite loads pg_trgm when it opens the database (db/adapters.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

CREATE INDEX "users_search_trgm_idx" ON "users" USING GIN ((
  "name" || chr(31) || COALESCE("google_email", '') || chr(31)
  || COALESCE(CASE WHEN "linked_email_confirmed" THEN "linked_email" END, '') || chr(31)
  || COALESCE("telegram_username", '')
) gin_trgm_ops);
