DROP INDEX "deposits_tx_hash_key";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "duplicate_hash" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hashes are stored normalized: 0x and lower case ("0xAB…", "AB…" and "ab…" are one transfer).
UPDATE "deposits" SET "tx_hash" = '0x' || lower(substring("tx_hash" from '^(?:0[xX])?([0-9a-fA-F]{64})$')) WHERE "tx_hash" ~ '^(0[xX])?[0-9a-fA-F]{64}$';--> statement-breakpoint
UPDATE "deposits" SET "tx_hash" = lower("tx_hash") WHERE "tx_hash" !~ '^(0[xX])?[0-9a-fA-F]{64}$';--> statement-breakpoint
UPDATE "withdrawals" SET "tx_hash" = '0x' || lower(substring("tx_hash" from '^(?:0[xX])?([0-9a-fA-F]{64})$')) WHERE "tx_hash" ~ '^(0[xX])?[0-9a-fA-F]{64}$';--> statement-breakpoint
-- Live deposits that now share a hash are kept for admins: the oldest keeps the hash, the later ones are marked.
UPDATE "deposits" AS "later" SET "duplicate_hash" = true
WHERE "later"."status" <> 'rejected' AND EXISTS (
  SELECT 1 FROM "deposits" AS "earlier"
  WHERE "earlier"."coin" = "later"."coin" AND "earlier"."tx_hash" = "later"."tx_hash" AND "earlier"."status" <> 'rejected'
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_key" ON "deposits" USING btree ("coin","tx_hash") WHERE "deposits"."status" <> 'rejected' and not "deposits"."duplicate_hash";
