ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "factor" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('confirm_email', 'reset_password', 'telegram_link', 'sign_in'));--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_factor_check" CHECK ("sign_in_failures"."factor" in ('password', 'code'));