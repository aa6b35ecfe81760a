import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orders, users } from "./schema-core.js";
import { uploads } from "./schema-uploads.js";
import { networks, payoutBatches } from "./schema-custody.js";

/*
 * The trading core: coins, merchant offers, the double-entry ledger, deposits and withdrawals,
 * order appeals and ratings, notifications, order chat and idempotency keys.
 * Money columns: coins NUMERIC(28,8), naira NUMERIC(20,2) (DESIGN §2).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });
const coinAmount = (name: string) => numeric(name, { precision: 28, scale: 8 });
const naira = (name: string) => numeric(name, { precision: 20, scale: 2 });
const userRef = (name: string) => uuid(name).references(() => users.id);

export const coins = pgTable(
  "coins",
  {
    symbol: text("symbol").primaryKey(),
    name: text("name").notNull(),
    listed: boolean("listed").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The merchant's fee on a completed order, in basis points of its coins (0..1000); an order keeps the rate of its creation. */
    feeBps: integer("fee_bps").notNull().default(50),
    createdAt: createdAt(),
  },
  (t) => [check("coins_fee_bps_check", sql`${t.feeBps} between 0 and 1000`)],
);

export const coinWatches = pgTable(
  "coin_watches",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] }), index("coin_watches_coin_idx").on(t.coin)],
);

/** A merchant's one offer per coin (the "Price Update" screen). */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    merchantId: userRef("merchant_id").notNull(),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    /** Naira per coin the merchant pays when a user sells to them. */
    buyPrice: naira("buy_price").notNull(),
    /** Naira per coin the merchant asks when a user buys from them. */
    sellPrice: naira("sell_price").notNull(),
    minOrder: naira("min_order").notNull(),
    maxOrder: naira("max_order").notNull(),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    terms: text("terms").notNull().default(""),
    online: boolean("online").notNull().default(true),
    /** Counts changes of the terms a trader agrees to (prices, limits, payment details, terms): an order names the version it saw. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("offers_merchant_coin_key").on(t.merchantId, t.coin),
    index("offers_coin_online_idx")
      .on(t.coin)
      .where(sql`${t.online}`),
    check("offers_prices_positive", sql`${t.buyPrice} > 0 and ${t.sellPrice} > 0`),
    check("offers_limits_check", sql`${t.minOrder} > 0 and ${t.maxOrder} >= ${t.minOrder}`),
  ],
);

/*
 * Ledger. An account per user and coin (available, withdrawing), per order (escrow, owned by the
 * seller) and per coin (custody: coins entering or leaving the platform, the only account that
 * may go below zero; fees: the platform's fee income). Balances are kept in the same transaction as the entries, so the CHECK
 * makes any overdraft, however concurrent, fail at the row lock.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    userId: userRef("user_id"),
    orderId: uuid("order_id").references(() => orders.id),
    balance: coinAmount("balance").notNull().default("0"),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_accounts_kind_check", sql`${t.kind} in ('available', 'escrow', 'withdrawing', 'custody', 'fees')`),
    check(
      "ledger_accounts_owner_check",
      sql`case ${t.kind}
        when 'custody' then ${t.userId} is null and ${t.orderId} is null
        when 'fees' then ${t.userId} is null and ${t.orderId} is null
        when 'escrow' then ${t.userId} is not null and ${t.orderId} is not null
        else ${t.userId} is not null and ${t.orderId} is null end`,
    ),
    check("ledger_accounts_balance_nonnegative", sql`${t.kind} = 'custody' or ${t.balance} >= 0`),
    unique("ledger_accounts_id_coin_key").on(t.id, t.coin),
    uniqueIndex("ledger_accounts_user_key")
      .on(t.kind, t.coin, t.userId)
      .where(sql`${t.kind} in ('available', 'withdrawing')`),
    uniqueIndex("ledger_accounts_escrow_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'escrow'`),
    uniqueIndex("ledger_accounts_custody_key")
      .on(t.coin)
      .where(sql`${t.kind} = 'custody'`),
    uniqueIndex("ledger_accounts_fees_key")
      .on(t.coin)
      .where(sql`${t.kind} = 'fees'`),
    index("ledger_accounts_user_idx").on(t.userId),
  ],
);

/** A balanced set of entries, written once. At most one lock and one settlement per order. */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    orderId: uuid("order_id").references(() => orders.id),
    depositId: uuid("deposit_id").references(() => deposits.id),
    withdrawalId: uuid("withdrawal_id").references(() => withdrawals.id),
    actorId: userRef("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "ledger_transfers_kind_check",
      sql`${t.kind} in ('deposit', 'withdrawal_request', 'withdrawal_cancel', 'withdrawal_reject', 'withdrawal_sent', 'escrow_lock', 'escrow_release', 'escrow_refund')`,
    ),
    unique("ledger_transfers_id_coin_key").on(t.id, t.coin),
    uniqueIndex("ledger_transfers_escrow_lock_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'escrow_lock'`),
    // An order releases or refunds at most once, whatever races or retries happen (DESIGN §2).
    uniqueIndex("ledger_transfers_settlement_key")
      .on(t.orderId)
      .where(sql`${t.kind} in ('escrow_release', 'escrow_refund')`),
    uniqueIndex("ledger_transfers_deposit_key")
      .on(t.depositId)
      .where(sql`${t.kind} = 'deposit'`),
    uniqueIndex("ledger_transfers_withdrawal_key")
      .on(t.withdrawalId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transferId: bigint("transfer_id", { mode: "number" }).notNull(),
    accountId: bigint("account_id", { mode: "number" }).notNull(),
    coin: text("coin").notNull(),
    /** Signed: positive into the account. */
    amount: coinAmount("amount").notNull(),
    balanceAfter: coinAmount("balance_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
    // Entries, transfer and account always share one coin.
    foreignKey({ name: "ledger_entries_transfer_fk", columns: [t.transferId, t.coin], foreignColumns: [ledgerTransfers.id, ledgerTransfers.coin] }),
    foreignKey({ name: "ledger_entries_account_fk", columns: [t.accountId, t.coin], foreignColumns: [ledgerAccounts.id, ledgerAccounts.coin] }),
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transfer_idx").on(t.transferId),
  ],
);

export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef("user_id").notNull(),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    /** The network it came on (deposits filed before networks count as the coin's manual network, migration 0022). */
    network: text("network").notNull(),
    amount: coinAmount("amount").notNull(),
    txHash: text("tx_hash").notNull(),
    /** The ERC-20 Transfer log's index within the transaction; 0 for native and manual deposits. */
    logIndex: integer("log_index").notNull().default(0),
    /** `manual`: filed by the user and approved by an admin; `chain`: found by the chain watcher. */
    source: text("source").$type<"manual" | "chain">().notNull().default("manual"),
    /** pending (manual, waiting for an admin), confirming (chain, under N confirmations), confirmed (credited), rejected, dropped (its block left the chain before crediting). */
    status: text("status").notNull().default("pending"),
    /** Manual networks: the address the user sent from, and the memo they were shown. */
    senderAddress: text("sender_address"),
    memo: text("memo"),
    /** Chain deposits: the user's deposit address, the block that holds the transfer, and how many confirmations it had when last seen. */
    toAddress: text("to_address"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    blockHash: text("block_hash"),
    confirmations: integer("confirmations").notNull().default(0),
    /** A credited deposit whose block later left the chain: flagged for admins, never reversed by itself. */
    reorgedAt: tstz("reorged_at"),
    reviewedBy: userRef("reviewed_by"),
    reviewedAt: tstz("reviewed_at"),
    rejectReason: text("reject_reason"),
    /**
     * Another live deposit claimed this hash before hashes were normalized (`0x` + lower case):
     * kept for admins to decide, outside the one-claim index, and never confirmed.
     */
    duplicateHash: boolean("duplicate_hash").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("deposits_status_check", sql`${t.status} in ('pending', 'confirming', 'confirmed', 'rejected', 'dropped')`),
    check("deposits_source_check", sql`${t.source} in ('manual', 'chain')`),
    check("deposits_amount_positive", sql`${t.amount} > 0`),
    foreignKey({ name: "deposits_network_fk", columns: [t.coin, t.network], foreignColumns: [networks.coin, networks.code] }),
    // One transfer backs one live deposit: (network, normalized hash, log index) (DESIGN §2). The network is
    // part of the key, so a hash copied into a claim on another network never blocks the watcher's credit.
    uniqueIndex("deposits_transfer_key")
      .on(t.coin, t.network, t.txHash, t.logIndex)
      .where(sql`${t.status} not in ('rejected', 'dropped') and not ${t.duplicateHash}`),
    index("deposits_user_idx").on(t.userId, t.createdAt),
    index("deposits_status_idx").on(t.status, t.createdAt),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef("user_id").notNull(),
    coin: text("coin")
      .notNull()
      .references(() => coins.symbol),
    /** The network it goes out on (withdrawals requested before networks count as the coin's manual network, migration 0022). */
    network: text("network").notNull(),
    /** What leaves the user's balance; they receive amount − network_fee. */
    amount: coinAmount("amount").notNull(),
    /** The network's withdrawal fee when requested, credited to the fee account once sent. */
    networkFee: coinAmount("network_fee").notNull().default("0"),
    address: text("address").notNull(),
    /** pending (waiting for approval), approved (ready for a payout batch), verifying (hash filed, the watcher checks it), sent (final), rejected, cancelled. */
    status: text("status").notNull().default("pending"),
    batchId: uuid("batch_id").references(() => payoutBatches.id),
    txHash: text("tx_hash"),
    /** Why the last hash filed for it was refused by the watcher (pays someone else, wrong token or amount). */
    hashProblem: text("hash_problem"),
    reviewedBy: userRef("reviewed_by"),
    reviewedAt: tstz("reviewed_at"),
    rejectReason: text("reject_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("withdrawals_status_check", sql`${t.status} in ('pending', 'approved', 'verifying', 'sent', 'rejected', 'cancelled')`),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    check("withdrawals_fee_check", sql`${t.networkFee} >= 0 and ${t.networkFee} < ${t.amount}`),
    foreignKey({ name: "withdrawals_network_fk", columns: [t.coin, t.network], foreignColumns: [networks.coin, networks.code] }),
    // One chain transaction pays one withdrawal.
    uniqueIndex("withdrawals_tx_hash_key")
      .on(t.coin, t.network, t.txHash)
      .where(sql`${t.txHash} is not null`),
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_idx").on(t.status, t.createdAt),
    index("withdrawals_batch_idx").on(t.batchId),
  ],
);

/**
 * Admins' approvals of a withdrawal above its coin's two-admin amount (WITHDRAWAL_TWO_ADMINS_ABOVE):
 * two different admins, neither the owner, before one marks it sent. One row per admin.
 */
export const withdrawalApprovals = pgTable(
  "withdrawal_approvals",
  {
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id),
    adminId: userRef("admin_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.adminId] })],
);

/** Disputes (DESIGN §3, /appeals). opened_by is null when the system opened it (the confirmation window ran out, or a party's account was suspended after the payment was marked). */
export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    openedBy: userRef("opened_by"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    resolvedBy: userRef("resolved_by"),
    resolvedAt: tstz("resolved_at"),
    outcome: text("outcome"),
    resolutionReason: text("resolution_reason"),
  },
  (t) => [
    check("appeals_outcome_check", sql`${t.outcome} is null or ${t.outcome} in ('release', 'refund', 'withdrawn')`),
    uniqueIndex("appeals_one_open_key")
      .on(t.orderId)
      .where(sql`${t.resolvedAt} is null`),
    index("appeals_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const orderRatings = pgTable(
  "order_ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    raterId: userRef("rater_id").notNull(),
    rateeId: userRef("ratee_id").notNull(),
    stars: smallint("stars").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_ratings_stars_check", sql`${t.stars} between 1 and 5`),
    uniqueIndex("order_ratings_once_key").on(t.orderId, t.raterId),
    index("order_ratings_ratee_idx").on(t.rateeId),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    orderId: uuid("order_id").references(() => orders.id),
    /** An order notice's details from the recipient's side (shared `NotificationDetails`); null for other notices. */
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "notifications_type_check",
      sql`${t.type} in ('new_message', 'group_new_message', 'order_update', 'order_completed', 'order_cancelled', 'live_chat_request', 'admin_feedback', 'merchant_application', 'price_update', 'new_open_request')`,
    ),
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

/** An order's chat; sender_id is null for the system messages written with each transition. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Order of writing: history paging and read receipts compare it (created_at ties within a transaction). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    senderId: userRef("sender_id"),
    kind: text("kind").notNull().default("text"),
    content: text("content").notNull(),
    /** The image of an `image` message (uploads, schema-uploads.ts). */
    uploadId: uuid("upload_id").references((): AnyPgColumn => uploads.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("chat_messages_kind_check", sql`${t.kind} in ('system', 'text', 'image')`),
    check("chat_messages_image_check", sql`(${t.kind} = 'image') = (${t.uploadId} is not null)`),
    check("chat_messages_sender_check", sql`(${t.kind} = 'system') = (${t.senderId} is null)`),
    uniqueIndex("chat_messages_order_seq_key").on(t.orderId, t.seq),
    index("chat_messages_sender_idx").on(t.senderId, t.createdAt),
  ],
);

/** The first answer to each (user, Idempotency-Key); a retry replays it. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    /** The JSON exactly as first sent, so a replay is byte-for-byte the same answer. */
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
