import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { COMPLAINT_CATEGORIES, COMPLAINT_PRIORITIES, DEFAULT_LANGUAGE, LANGUAGE_CODES, ORDER_STATUSES, ROLES, type Language } from "@p2p/shared";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const roleEnum = pgEnum("app_role", ROLES);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash"),
    fullName: text("full_name").notNull(),
    emailConfirmedAt: tstz("email_confirmed_at"),
    googleSub: text("google_sub").unique(),
    suspendedAt: tstz("suspended_at"),
    passwordChangedAt: tstz("password_changed_at"),
    /** The language the app, e-mails, Telegram and push speak to this person in (a LANGUAGES code). */
    language: text("language").$type<Language>().notNull().default(DEFAULT_LANGUAGE),
    createdAt: createdAt(),
  },
  (t) => [check("users_language_check", sql`${t.language} in (${inList(LANGUAGE_CODES)})`)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    phoneNumber: text("phone_number"),
    reputationScore: numeric("reputation_score", { precision: 4, scale: 2 }).notNull().default("0"),
    totalTrades: integer("total_trades").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_phone_number_key").on(t.phoneNumber),
    // Referral lookups match the first 8 hex characters of the id.
    index("profiles_id_prefix_idx").on(sql`left(${t.id}::text, 8)`),
  ],
);

export const userRoles = pgTable("user_roles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: roleEnum("role").notNull().default("user"),
  /** When the account first became a merchant (set by a trigger, never reset): starts their fee-free days. */
  merchantSince: tstz("merchant_since"),
});

export const referrals = pgTable("referrals", {
  id: uuid("id").primaryKey().defaultRandom(),
  referrerId: uuid("referrer_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  referredId: uuid("referred_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  referralCode: text("referral_code").notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    client: text("client").notNull().default("web"),
    refreshHash: text("refresh_hash").notNull().unique(),
    previousRefreshHash: text("previous_refresh_hash"),
    rotatedAt: tstz("rotated_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_previous_refresh_idx").on(t.previousRefreshHash),
    // The realtime hub finds the sessions that expired since its last look (realtime/rights-watch.ts).
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** One-time tokens mailed to a user: email confirmation and password reset. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("auth_tokens_purpose_check", sql`${t.purpose} in ('confirm_email', 'reset_password', 'telegram_link', 'sign_in')`),
    // Per-account caps on mailed tokens count a user's recent tokens of one purpose.
    index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * Wrong answers to the account's checks: a password (sign-in, or a signed-in confirmation) or a
 * second-factor code (the sign-in's second step, step-up on money moves, 2FA changes).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip"),
    factor: text("factor").notNull().default("password"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_failures_user_time_idx").on(t.userId, t.createdAt),
    check("sign_in_failures_factor_check", sql`${t.factor} in ('password', 'code')`),
  ],
);

/** Background work: outbox deliveries and timers. Claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    runAt: tstz("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lastError: text("last_error"),
    doneAt: tstz("done_at"),
    failedAt: tstz("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** The dev transport's mailbox: mail delivered while SMTP_URL is unset (never in production). */
export const devMailbox = pgTable("dev_mailbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_time_idx").on(t.createdAt),
    // The admin audit log screen filters by action, actor and target, newest first.
    index("audit_log_action_time_idx").on(t.action, t.createdAt),
    index("audit_log_actor_time_idx").on(t.actorId, t.createdAt),
    index("audit_log_target_idx").on(t.targetId),
  ],
);

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id),
    merchantId: uuid("merchant_id").references(() => users.id),
    buyerId: uuid("buyer_id").references(() => users.id),
    sellerId: uuid("seller_id").references(() => users.id),
    status: orderStatusEnum("status").notNull().default("pending"),
    currentStep: integer("current_step").notNull().default(1),
    isActive: boolean("is_active").notNull().default(true),
    /** Coin symbol (coins.symbol) and the creator's side: buy = the merchant sells coins. */
    coin: text("coin").notNull(),
    side: text("side").notNull(),
    /** Naira per coin, frozen when the order is created. */
    price: numeric("price", { precision: 20, scale: 2 }).notNull(),
    coinAmount: numeric("coin_amount", { precision: 28, scale: 8 }).notNull(),
    nairaAmount: numeric("naira_amount", { precision: 20, scale: 2 }).notNull(),
    /** The coin's fee rate when the order was created, and the merchant's fee in coins, fixed then (docs/TRADING.md "Fees"). */
    feeBps: integer("fee_bps").notNull().default(0),
    feeAmount: numeric("fee_amount", { precision: 28, scale: 8 }).notNull().default("0"),
    /** Why the fee is zero although the rate is not: new_merchant (the merchant's first 30 days). */
    feeWaiver: text("fee_waiver"),
    /** Posted on /marketplace for any online merchant; merchant_id is set by the first to accept. */
    isOpenRequest: boolean("is_open_request").notNull().default(false),
    offerId: uuid("offer_id"),
    /** The seller's bank account the buyer pays naira into. */
    paymentBankName: text("payment_bank_name"),
    paymentAccountNumber: text("payment_account_number"),
    paymentAccountName: text("payment_account_name"),
    /** Set when the seller's coins moved into the order's escrow account. */
    escrowLockedAt: tstz("escrow_locked_at"),
    /** Who opened the appeal now under review (null when the confirmation window opened it). */
    appellantId: uuid("appellant_id").references(() => users.id),
    /** Window deadlines: acceptance (pending), payment (matched), confirmation (in_progress). */
    acceptBy: tstz("accept_by"),
    payBy: tstz("pay_by"),
    confirmBy: tstz("confirm_by"),
    acceptedAt: tstz("accepted_at"),
    paidAt: tstz("paid_at"),
    completedAt: tstz("completed_at"),
    cancelledAt: tstz("cancelled_at"),
    closeReason: text("close_reason"),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("orders_current_step_check", sql`${t.currentStep} between 1 and 5`),
    check("orders_side_check", sql`${t.side} in ('buy', 'sell')`),
    check("orders_amounts_positive", sql`${t.price} > 0 and ${t.coinAmount} > 0 and ${t.nairaAmount} > 0`),
    check("orders_fee_check", sql`${t.feeBps} between 0 and 1000 and ${t.feeAmount} >= 0 and ${t.feeAmount} < ${t.coinAmount}`),
    check("orders_fee_waiver_check", sql`${t.feeWaiver} is null or (${t.feeWaiver} = 'new_merchant' and ${t.feeAmount} = 0)`),
    check("orders_merchant_check", sql`${t.merchantId} is not null or ${t.isOpenRequest}`),
    check("orders_parties_check", sql`${t.creatorId} is distinct from ${t.merchantId}`),
    index("orders_creator_idx").on(t.creatorId, t.isActive, t.status),
    index("orders_merchant_idx").on(t.merchantId, t.isActive, t.status),
    index("orders_open_requests_idx")
      .on(t.coin, t.createdAt)
      .where(sql`${t.merchantId} is null and ${t.status} = 'pending'`),
    index("orders_completed_idx")
      .on(t.coin, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);

export const transactionHistory = pgTable(
  "transaction_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    orderId: uuid("order_id").references(() => orders.id),
    cryptoType: text("crypto_type").notNull(),
    transactionType: text("transaction_type").notNull(),
    amount: numeric("amount", { precision: 28, scale: 8 }).notNull(),
    totalAmount: numeric("total_amount", { precision: 20, scale: 2 }).notNull(),
    status: text("status").notNull(),
    completedAt: tstz("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("transaction_history_type_check", sql`${t.transactionType} in ('buy', 'sell')`),
    index("transaction_history_user_completed_idx").on(t.userId, t.completedAt),
    // One row per party per order, however often completion is retried.
    uniqueIndex("transaction_history_order_user_key").on(t.orderId, t.userId),
  ],
);

export const complaintCategoryEnum = pgEnum("complaint_category", COMPLAINT_CATEGORIES);
export const complaintPriorityEnum = pgEnum("complaint_priority", COMPLAINT_PRIORITIES);

export const helpTickets = pgTable(
  "help_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    category: complaintCategoryEnum("category").notNull(),
    priority: complaintPriorityEnum("priority").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    /** The last follow-up, reply or status change (help_ticket_messages). */
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("help_tickets_user_idx").on(t.userId, t.createdAt),
    index("help_tickets_status_idx").on(t.status, t.createdAt),
    check("help_tickets_status_check", sql`${t.status} in ('open', 'in_review', 'resolved', 'closed')`),
  ],
);
