CREATE TABLE "telegram_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"username" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Telegram outbox (DESIGN §4): every notification row of a linked user queues its delivery in the
-- transaction that writes the row, whichever code path writes it.
CREATE FUNCTION "telegram_outbox_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "jobs" ("kind", "payload", "max_attempts")
	SELECT 'telegram.send', jsonb_build_object('notificationId', NEW."id", 'userId', NEW."user_id"), 10
	FROM "telegram_links" WHERE "user_id" = NEW."user_id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_telegram_outbox" AFTER INSERT ON "notifications"
	FOR EACH ROW EXECUTE FUNCTION "telegram_outbox_enqueue"();
