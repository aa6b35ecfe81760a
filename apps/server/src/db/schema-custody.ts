import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";

/*
 * Custody (DESIGN §2): the networks a coin is held on, each user's deposit addresses, the chain
 * watchers' state, payout batches for the external signer, and proof-of-liabilities snapshots.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });
const coinAmount = (name: string) => numeric(name, { precision: 28, scale: 8 });

/**
 * A network a coin moves on: USDT on BEP20, ERC20 and TRC20; CORE on Core. `evm` networks get a
 * watch-only address per user and a chain watcher; `manual` ones the platform address plus the
 * user's memo, approved by an admin. Managed by admins (audited).
 */
export const networks = pgTable(
  "networks",
  {
    /** The coin's symbol (coins.symbol; no foreign key, so that this file depends on no trading table). */
    coin: text("coin").notNull(),
    /** Short name within the coin, shown to people: "BEP20", "ERC20", "TRC20", "Core". */
    code: text("code").notNull(),
    /** Long name for warnings: "BNB Smart Chain (BEP20)". */
    name: text("name").notNull(),
    kind: text("kind").$type<"evm" | "manual">().notNull(),
    /** How a withdrawal address on this network is checked: EVM checksum, TRON base58check, or a plain address. */
    addressFormat: text("address_format").$type<"evm" | "tron" | "plain">().notNull(),
    /** EVM chain id (56 for BNB Smart Chain); null for manual networks. */
    chainId: integer("chain_id"),
    /** The ERC-20 contract, lower case; null for the chain's native coin. */
    tokenContract: text("token_contract"),
    decimals: integer("decimals").notNull(),
    confirmations: integer("confirmations").notNull(),
    minDeposit: coinAmount("min_deposit").notNull(),
    /** Charged on each withdrawal, in the coin, credited to the platform's fee account. */
    withdrawalFee: coinAmount("withdrawal_fee").notNull(),
    depositsEnabled: boolean("deposits_enabled").notNull().default(true),
    withdrawalsEnabled: boolean("withdrawals_enabled").notNull().default(true),
    /** Manual networks: where users send, with their memo. */
    platformAddress: text("platform_address"),
    /** The explorer's page for a transaction, with {hash} where the hash goes. */
    explorerTxUrl: text("explorer_tx_url"),
    /** The BIP32 branch under DEPOSIT_XPUB for this EVM network's addresses (xpub/branch/user index); unique. */
    addressBranch: integer("address_branch"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.coin, t.code] }),
    uniqueIndex("networks_address_branch_key").on(t.addressBranch),
    check("networks_kind_check", sql`${t.kind} in ('evm', 'manual')`),
    check("networks_address_format_check", sql`${t.addressFormat} in ('evm', 'tron', 'plain')`),
    check(
      "networks_evm_check",
      sql`${t.kind} <> 'evm' or (${t.chainId} is not null and ${t.addressBranch} is not null and ${t.addressFormat} = 'evm')`,
    ),
    check("networks_decimals_check", sql`${t.decimals} between 0 and 36`),
    check("networks_confirmations_check", sql`${t.confirmations} between 1 and 1000`),
    check("networks_amounts_check", sql`${t.minDeposit} >= 0 and ${t.withdrawalFee} >= 0`),
  ],
);

/** A user's stable number for derived addresses and memos; taken on their first deposit address. */
export const depositAccounts = pgTable("deposit_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  depositIndex: integer("deposit_index").notNull().unique().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
});

/** A user's own address on an EVM network, derived watch-only (xpub/branch/deposit index), lower case. */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.network, t.userId] }), uniqueIndex("deposit_addresses_address_key").on(t.coin, t.network, t.address)],
);

/** One chain watcher's state per EVM network: the next block to scan, the head it last saw, its last failure, the on-chain balance it last read. */
export const networkScans = pgTable(
  "network_scans",
  {
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    nextBlock: bigint("next_block", { mode: "bigint" }).notNull(),
    headBlock: bigint("head_block", { mode: "bigint" }),
    scannedAt: tstz("scanned_at"),
    lastError: text("last_error"),
    errorAt: tstz("error_at"),
    /** The deposit addresses' on-chain balance in the coin (Reserves), and when it was read. */
    onchainBalance: coinAmount("onchain_balance"),
    balanceReadAt: tstz("balance_read_at"),
  },
  (t) => [primaryKey({ columns: [t.coin, t.network] })],
);

/** Approved withdrawals of one network handed to the external signer together (JSON and CSV). */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    itemCount: integer("item_count").notNull(),
    total: coinAmount("total").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payout_batches_created_idx").on(t.createdAt)],
);

/** A Merkle-sum tree of user balances of one coin (proof of liabilities): its root, total and size. */
export const liabilitySnapshots = pgTable(
  "liability_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    coin: text("coin").notNull(),
    rootHash: text("root_hash").notNull(),
    total: coinAmount("total").notNull(),
    leafCount: integer("leaf_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("liability_snapshots_coin_idx").on(t.coin, t.createdAt)],
);

/** One user's leaf in a snapshot: balance and a secret salt, so a leaf hash reveals nothing about anyone. */
export const liabilityLeaves = pgTable(
  "liability_leaves",
  {
    snapshotId: uuid("snapshot_id")
      .notNull()
      .references(() => liabilitySnapshots.id, { onDelete: "cascade" }),
    leafIndex: integer("leaf_index").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    balance: coinAmount("balance").notNull(),
    salt: text("salt").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.leafIndex] }), index("liability_leaves_user_idx").on(t.userId, t.snapshotId)],
);
