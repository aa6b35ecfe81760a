CREATE TABLE "account_quotas" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "account_quotas_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "account_quotas" ADD CONSTRAINT "account_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Takes up to "wanted" units of an account's limit in one atomic upsert: the row is locked by the
-- upsert itself, so parallel requests queue on it and together get exactly the cap. The window
-- starts at the first use and restarts once it has passed. Answers how many units were granted
-- (0 when the limit is used up); refused units are counted too, they only make the window fuller.
-- Run in the transaction (or statement) writing what it counts, it rolls back with it.
CREATE OR REPLACE FUNCTION "take_account_quota"("account" uuid, "quota" text, "span" interval, "cap" integer, "wanted" integer)
RETURNS integer
LANGUAGE sql VOLATILE AS $$
  with taken as (
    insert into account_quotas as q (user_id, name, window_start, used)
    values (account, quota, now(), wanted)
    on conflict (user_id, name) do update set
      window_start = case when q.window_start <= now() - span then now() else q.window_start end,
      used = case when q.window_start <= now() - span then wanted else q.used + wanted end
    returning used
  )
  select greatest(0, least(wanted, cap - (used - wanted)))::integer from taken
$$;
