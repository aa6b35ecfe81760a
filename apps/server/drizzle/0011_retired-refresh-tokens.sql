CREATE TABLE "retired_refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_session_idx" ON "retired_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
-- Each session's one retired token known before this table, its previous refresh token, is recorded too.
INSERT INTO "retired_refresh_tokens" ("hash", "session_id", "retired_at")
SELECT "previous_refresh_hash", "id", coalesce("rotated_at", now()) FROM "sessions" WHERE "previous_refresh_hash" IS NOT NULL
ON CONFLICT ("hash") DO NOTHING;
