CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_channel_pk" PRIMARY KEY("user_id","type","channel"),
	CONSTRAINT "notification_preferences_channel_check" CHECK ("notification_preferences"."channel" in ('toast', 'browser', 'telegram', 'push'))
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_token_unique" UNIQUE("token"),
	CONSTRAINT "push_devices_platform_check" CHECK ("push_devices"."platform" in ('android', 'ios'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");--> statement-breakpoint
-- Push outbox (DESIGN §4): every notification row queues one delivery per registered device of its
-- user, in the transaction that writes the row. Preferences are read when the job runs.
CREATE FUNCTION "push_outbox_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "jobs" ("kind", "payload", "max_attempts")
	SELECT 'push.send', jsonb_build_object('notificationId', NEW."id", 'deviceId', "id"), 10
	FROM "push_devices" WHERE "user_id" = NEW."user_id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_push_outbox" AFTER INSERT ON "notifications"
	FOR EACH ROW EXECUTE FUNCTION "push_outbox_enqueue"();
