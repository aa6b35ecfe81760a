ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_amount" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_waiver" text;--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "merchant_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coins" ADD COLUMN "fee_bps" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_fees_key" ON "ledger_accounts" USING btree ("coin") WHERE "ledger_accounts"."kind" = 'fees';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_check" CHECK ("orders"."fee_bps" between 0 and 1000 and "orders"."fee_amount" >= 0 and "orders"."fee_amount" < "orders"."coin_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_waiver_check" CHECK ("orders"."fee_waiver" is null or ("orders"."fee_waiver" = 'new_merchant' and "orders"."fee_amount" = 0));--> statement-breakpoint
ALTER TABLE "coins" ADD CONSTRAINT "coins_fee_bps_check" CHECK ("coins"."fee_bps" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('available', 'escrow', 'withdrawing', 'custody', 'fees'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (case "ledger_accounts"."kind"
        when 'custody' then "ledger_accounts"."user_id" is null and "ledger_accounts"."order_id" is null
        when 'fees' then "ledger_accounts"."user_id" is null and "ledger_accounts"."order_id" is null
        when 'escrow' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."order_id" is not null
        else "ledger_accounts"."user_id" is not null and "ledger_accounts"."order_id" is null end);--> statement-breakpoint
-- A merchant's fee-free days start when the account first becomes a merchant, however it does
-- (an approved application, an admin's role change, a new account created as one); never reset.
CREATE FUNCTION user_roles_merchant_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'merchant' AND NEW.merchant_since IS NULL THEN
    NEW.merchant_since := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER user_roles_merchant_since BEFORE INSERT OR UPDATE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION user_roles_merchant_since();--> statement-breakpoint
-- Merchants already trading became one when their application was approved, or else (made one
-- by an admin or the demo seed) when their account was created.
UPDATE "user_roles" r SET "merchant_since" = coalesce(
  (SELECT max(a."reviewed_at") FROM "merchant_applications" a WHERE a."user_id" = r."user_id" AND a."status" = 'approved'),
  (SELECT u."created_at" FROM "users" u WHERE u."id" = r."user_id"))
WHERE r."role" = 'merchant';
