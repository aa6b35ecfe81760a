CREATE TABLE "help_ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"author_type" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"status" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_ticket_messages_author_type_check" CHECK ("help_ticket_messages"."author_type" in ('user', 'admin')),
	CONSTRAINT "help_ticket_messages_kind_check" CHECK (("help_ticket_messages"."kind" = 'message' and "help_ticket_messages"."status" is null and length("help_ticket_messages"."message") > 0) or ("help_ticket_messages"."kind" = 'status' and "help_ticket_messages"."status" in ('open', 'in_review', 'resolved', 'closed')))
);
--> statement-breakpoint
ALTER TABLE "help_tickets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_ticket_id_help_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."help_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_ticket_messages_ticket_idx" ON "help_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "help_tickets_status_idx" ON "help_tickets" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_status_check" CHECK ("help_tickets"."status" in ('open', 'in_review', 'resolved', 'closed'));