CREATE TABLE "deposit_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"deposit_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "deposit_accounts_deposit_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_accounts_deposit_index_unique" UNIQUE("deposit_index")
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_coin_network_user_id_pk" PRIMARY KEY("coin","network","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"snapshot_id" uuid NOT NULL,
	"leaf_index" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"balance" numeric(28, 8) NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_leaf_index_pk" PRIMARY KEY("snapshot_id","leaf_index")
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin" text NOT NULL,
	"root_hash" text NOT NULL,
	"total" numeric(28, 8) NOT NULL,
	"leaf_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_scans" (
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"next_block" bigint NOT NULL,
	"head_block" bigint,
	"scanned_at" timestamp with time zone,
	"last_error" text,
	"error_at" timestamp with time zone,
	"onchain_balance" numeric(28, 8),
	"balance_read_at" timestamp with time zone,
	CONSTRAINT "network_scans_coin_network_pk" PRIMARY KEY("coin","network")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"coin" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address_format" text NOT NULL,
	"chain_id" integer,
	"token_contract" text,
	"decimals" integer NOT NULL,
	"confirmations" integer NOT NULL,
	"min_deposit" numeric(28, 8) NOT NULL,
	"withdrawal_fee" numeric(28, 8) NOT NULL,
	"deposits_enabled" boolean DEFAULT true NOT NULL,
	"withdrawals_enabled" boolean DEFAULT true NOT NULL,
	"platform_address" text,
	"explorer_tx_url" text,
	"address_branch" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_coin_code_pk" PRIMARY KEY("coin","code"),
	CONSTRAINT "networks_kind_check" CHECK ("networks"."kind" in ('evm', 'manual')),
	CONSTRAINT "networks_address_format_check" CHECK ("networks"."address_format" in ('evm', 'tron', 'plain')),
	CONSTRAINT "networks_evm_check" CHECK ("networks"."kind" <> 'evm' or ("networks"."chain_id" is not null and "networks"."address_branch" is not null and "networks"."address_format" = 'evm')),
	CONSTRAINT "networks_decimals_check" CHECK ("networks"."decimals" between 0 and 36),
	CONSTRAINT "networks_confirmations_check" CHECK ("networks"."confirmations" between 1 and 1000),
	CONSTRAINT "networks_amounts_check" CHECK ("networks"."min_deposit" >= 0 and "networks"."withdrawal_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"created_by" uuid NOT NULL,
	"item_count" integer NOT NULL,
	"total" numeric(28, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
DROP INDEX "deposits_tx_hash_key";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "sender_address" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reorged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "network_fee" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "hash_problem" text;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD CONSTRAINT "deposit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("coin","network","address");--> statement-breakpoint
CREATE INDEX "liability_leaves_user_idx" ON "liability_leaves" USING btree ("user_id","snapshot_id");--> statement-breakpoint
CREATE INDEX "liability_snapshots_coin_idx" ON "liability_snapshots" USING btree ("coin","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "networks_address_branch_key" ON "networks" USING btree ("address_branch");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_network_fk" FOREIGN KEY ("coin","network") REFERENCES "public"."networks"("coin","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_network_fk" FOREIGN KEY ("coin","network") REFERENCES "public"."networks"("coin","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transfer_key" ON "deposits" USING btree ("coin","network","tx_hash","log_index") WHERE "deposits"."status" not in ('rejected', 'dropped') and not "deposits"."duplicate_hash";--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_tx_hash_key" ON "withdrawals" USING btree ("coin","network","tx_hash") WHERE "withdrawals"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_batch_idx" ON "withdrawals" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_source_check" CHECK ("deposits"."source" in ('manual', 'chain'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'confirming', 'confirmed', 'rejected', 'dropped'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_check" CHECK ("withdrawals"."network_fee" >= 0 and "withdrawals"."network_fee" < "withdrawals"."amount");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'verifying', 'sent', 'rejected', 'cancelled'));--> statement-breakpoint
-- The networks each coin starts on (admins change them later, audited). EVM addresses derive per user under DEPOSIT_XPUB.
INSERT INTO "networks" ("coin", "code", "name", "kind", "address_format", "chain_id", "token_contract", "decimals", "confirmations", "min_deposit", "withdrawal_fee", "explorer_tx_url", "address_branch", "sort_order") VALUES
('USDT', 'BEP20', 'BNB Smart Chain (BEP20)', 'evm', 'evm', 56, '0x55d398326f99059ff775485246999027b3197955', 18, 15, '1', '0.5', 'https://bscscan.com/tx/{hash}', 0, 0),
('USDT', 'ERC20', 'Ethereum (ERC20)', 'evm', 'evm', 1, '0xdac17f958d2ee523a2206206994597c13d831ec7', 6, 12, '10', '5', 'https://etherscan.io/tx/{hash}', 1, 1),
('USDT', 'TRC20', 'TRON (TRC20)', 'manual', 'tron', null, null, 6, 20, '1', '1', 'https://tronscan.org/#/transaction/{hex}', null, 2),
('CORE', 'Core', 'Core Chain', 'evm', 'evm', 1116, null, 18, 20, '0.1', '0.05', 'https://scan.coredao.org/tx/{hash}', 2, 0),
('SIDRA', 'Sidra', 'Sidra Chain', 'evm', 'evm', 97453, null, 18, 12, '1', '0.5', null, 3, 0),
('PI', 'Pi', 'Pi Network', 'manual', 'plain', null, null, 7, 1, '1', '0.1', 'https://blockexplorer.minepi.com/mainnet/transactions/{hex}', null, 0),
('RUBI', 'Rubi', 'Rubi', 'manual', 'plain', null, null, 8, 1, '1', '0.5', null, null, 0),
('ETH', 'Ethereum', 'Ethereum', 'evm', 'evm', 1, null, 18, 12, '0.005', '0.001', 'https://etherscan.io/tx/{hash}', 4, 0),
('BNB', 'BEP20', 'BNB Smart Chain (BEP20)', 'evm', 'evm', 56, null, 18, 15, '0.01', '0.0005', 'https://bscscan.com/tx/{hash}', 5, 0),
('POL', 'Polygon', 'Polygon PoS', 'evm', 'evm', 137, null, 18, 64, '1', '0.1', 'https://polygonscan.com/tx/{hash}', 6, 0),
('ARB_ETH', 'Arbitrum', 'Arbitrum One', 'evm', 'evm', 42161, null, 18, 20, '0.002', '0.0002', 'https://arbiscan.io/tx/{hash}', 7, 0),
('BASE_ETH', 'Base', 'Base', 'evm', 'evm', 8453, null, 18, 20, '0.002', '0.0002', 'https://basescan.org/tx/{hash}', 8, 0),
('LINEA_ETH', 'Linea', 'Linea', 'evm', 'evm', 59144, null, 18, 20, '0.002', '0.0002', 'https://lineascan.build/tx/{hash}', 9, 0),
('ECOX', 'ERC20', 'Ethereum (ERC20)', 'manual', 'evm', null, null, 18, 12, '10', '5', 'https://etherscan.io/tx/{hash}', null, 0),
('SOL', 'Solana', 'Solana', 'manual', 'plain', null, null, 9, 32, '0.05', '0.005', 'https://solscan.io/tx/{hex}', null, 0),
('SUI', 'Sui', 'Sui', 'manual', 'plain', null, null, 9, 1, '1', '0.1', null, null, 0),
('NEAR', 'NEAR', 'NEAR Protocol', 'manual', 'plain', null, null, 24, 1, '0.5', '0.05', null, null, 0),
('TON', 'TON', 'The Open Network (TON)', 'manual', 'plain', null, null, 9, 1, '0.5', '0.05', null, null, 0),
('GAS-FEE', 'Gas Fee', 'Gas Fee', 'manual', 'plain', null, null, 8, 1, '1', '0.1', null, null, 0);--> statement-breakpoint
-- A coin's one platform address moves to its manual network: where users keep sending, with their memo.
UPDATE "networks" SET "platform_address" = c."deposit_address" FROM "coins" c WHERE c."symbol" = "networks"."coin" AND "networks"."kind" = 'manual' AND c."deposit_address" IS NOT NULL;--> statement-breakpoint
-- Requests from before networks went to (or from) that one address: they count as the coin's manual network, else its first.
UPDATE "deposits" SET "network" = (SELECT n."code" FROM "networks" n WHERE n."coin" = "deposits"."coin" ORDER BY (n."kind" = 'manual') DESC, n."sort_order", n."code" LIMIT 1) WHERE "network" IS NULL;--> statement-breakpoint
UPDATE "withdrawals" SET "network" = (SELECT n."code" FROM "networks" n WHERE n."coin" = "withdrawals"."coin" ORDER BY (n."kind" = 'manual') DESC, n."sort_order", n."code" LIMIT 1) WHERE "network" IS NULL;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "network" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "network" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coins" DROP COLUMN "deposit_address";