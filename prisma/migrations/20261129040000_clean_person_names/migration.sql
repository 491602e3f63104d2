-- Names are cleaned when stored (shared/text.ts, cleanPersonName): no bidi controls or invisible characters,
-- one line, runs of spaces folded, at most 64 characters. The names stored before are cleaned the same way
-- here, so a name that reverses itself or fakes a second line ("Support Team") is not shown or sent again.
UPDATE "users" AS u
   SET "name" = c."cleaned"
  FROM (
    SELECT "id",
           COALESCE(NULLIF(rtrim(left(btrim(
             regexp_replace(
               regexp_replace(
                 regexp_replace("name",
                   '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]',
                   '', 'g'),
                 '[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'),
               '\s+', ' ', 'g')), 64)), ''), 'Member') AS "cleaned"
      FROM "users"
  ) AS c
 WHERE u."id" = c."id" AND u."name" <> c."cleaned";
