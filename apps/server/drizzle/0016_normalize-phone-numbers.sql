-- Phone numbers in E.164, as the server now stores them (auth/phone-number.ts: libphonenumber-js,
-- Nigeria when no country code is given). Numbers were stored as typed, so one number could sit
-- on two accounts ("08030000004" and "+2348030000004"). Here, in SQL, the forms that are certain:
-- a leading '+' keeps its digits; 234 and 10 digits; a Nigerian 0 and 10 digits; 10 digits
-- starting 7, 8 or 9. Anything else stays as typed.
--
-- Where several accounts hold one number, the account already holding it in E.164 (else the
-- oldest) gets it; the others keep the number exactly as typed, so no account loses data, and
-- each group is reported to the admins: an audit log entry (no actor: the system) naming every
-- account, for an admin to ask the others to change their number.
CREATE TEMPORARY TABLE "phone_numbers_0016" ON COMMIT DROP AS
WITH "typed" AS (
  SELECT p."id", p."username", p."phone_number" AS "typed", u."created_at",
         regexp_replace(p."phone_number", '[^0-9]', '', 'g') AS "digits",
         ltrim(p."phone_number") LIKE '+%' AS "plus"
  FROM "profiles" p JOIN "users" u ON u."id" = p."id"
  WHERE p."phone_number" IS NOT NULL
), "normal" AS (
  SELECT *, CASE
      WHEN "plus" AND length("digits") BETWEEN 7 AND 15 THEN '+' || "digits"
      WHEN "digits" LIKE '234%' AND length("digits") = 13 THEN '+' || "digits"
      WHEN "digits" LIKE '0%' AND length("digits") = 11 THEN '+234' || substr("digits", 2)
      WHEN "digits" ~ '^[789][0-9]{9}$' THEN '+234' || "digits"
      ELSE "typed"
    END AS "e164"
  FROM "typed"
)
SELECT *,
  row_number() OVER (PARTITION BY "e164" ORDER BY ("typed" = "e164") DESC, "created_at", "id") AS "nth",
  count(*) OVER (PARTITION BY "e164") AS "accounts"
FROM "normal";
--> statement-breakpoint
UPDATE "profiles" p SET "phone_number" = n."e164", "updated_at" = now()
FROM "phone_numbers_0016" n
WHERE n."id" = p."id" AND n."nth" = 1 AND p."phone_number" <> n."e164";
--> statement-breakpoint
INSERT INTO "audit_log" ("actor_id", "action", "target_type", "target_id", "data")
SELECT NULL, 'user.phone_number_shared', 'user', (array_agg(n."id"::text ORDER BY n."nth"))[1],
  jsonb_build_object(
    'phone_number', n."e164",
    'kept_by', (array_agg(n."username" ORDER BY n."nth"))[1],
    'accounts', string_agg(n."username" || ' (' || n."typed" || ')', ', ' ORDER BY n."nth"),
    'user_ids', string_agg(n."id"::text, ', ' ORDER BY n."nth"))
FROM "phone_numbers_0016" n
WHERE n."accounts" > 1
GROUP BY n."e164";
