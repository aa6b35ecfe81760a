CREATE TABLE "merchant_chat_reads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "live_chat_sessions" ADD COLUMN "owner_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_chat_reads" ADD CONSTRAINT "merchant_chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('new_message', 'group_new_message', 'order_update', 'order_completed', 'order_cancelled', 'live_chat_request', 'admin_feedback', 'merchant_application', 'price_update', 'new_open_request'));