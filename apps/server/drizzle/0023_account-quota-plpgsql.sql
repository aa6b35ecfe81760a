-- take_account_quota (0014) was a LANGUAGE sql function around a data-modifying statement, which
-- PostgreSQL cannot inline: every statement calling it (each chat message's write, each upload)
-- parsed and planned the function's statement again. In PL/pgSQL the plan is kept for the
-- connection. The same upsert, the same row lock, the same answer.
CREATE OR REPLACE FUNCTION "take_account_quota"("account" uuid, "quota" text, "span" interval, "cap" integer, "wanted" integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  total integer;
BEGIN
  INSERT INTO account_quotas AS q (user_id, name, window_start, used)
  VALUES (account, quota, now(), wanted)
  ON CONFLICT (user_id, name) DO UPDATE SET
    window_start = CASE WHEN q.window_start <= now() - span THEN now() ELSE q.window_start END,
    used = CASE WHEN q.window_start <= now() - span THEN wanted ELSE q.used + wanted END
  RETURNING used INTO total;
  RETURN greatest(0, least(wanted, cap - (total - wanted)));
END
$$;
