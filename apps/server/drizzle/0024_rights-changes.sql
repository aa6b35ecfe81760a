CREATE TABLE "rights_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rights_changes_created_idx" ON "rights_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
-- What may have changed a user's rights, whoever wrote it: the realtime hub's safety net reads
-- what is new each second, instead of every open socket's session (realtime/rights-watch.ts).
-- A session's expiry by time is no write; the hub finds those through "sessions_expires_idx".
CREATE FUNCTION "rights_changes_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN row_json := to_jsonb(OLD); ELSE row_json := to_jsonb(NEW); END IF;
  INSERT INTO "rights_changes" ("user_id") VALUES ((row_json ->> TG_ARGV[0])::uuid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_rights_changes" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at" OR OLD."user_id" <> NEW."user_id")
  EXECUTE FUNCTION "rights_changes_note"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_rights_changes_delete" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "rights_changes_note"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_rights_changes" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."suspended_at" IS DISTINCT FROM NEW."suspended_at")
  EXECUTE FUNCTION "rights_changes_note"('id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_rights_changes" AFTER INSERT OR DELETE ON "user_roles" FOR EACH ROW
  EXECUTE FUNCTION "rights_changes_note"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_rights_changes_update" AFTER UPDATE ON "user_roles" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION "rights_changes_note"('user_id');
