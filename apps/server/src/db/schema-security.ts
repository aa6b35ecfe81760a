import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./schema-core.js";

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's TOTP two-factor (RFC 6238). The secret is sealed with AES-256-GCM under a key derived
 * from SESSION_SECRET. `enabled_at` is null while the secret waits for its confirming code;
 * `last_used_step` is the time step of the last accepted code, so no code works twice.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: tstz("enabled_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

/** Single-use recovery codes of an enabled two-factor, stored as SHA-256. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: tstz("used_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in for a user with two-factor on: a short-lived token (stored as
 * SHA-256) given after the password (or Google) succeeded, traded with a code for a session.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    client: text("client").notNull().default("web"),
    method: text("method").notNull(),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip"),
    userAgent: text("user_agent"),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [check("sign_in_challenges_method_check", sql`${t.method} in ('password', 'google')`), index("sign_in_challenges_user_idx").on(t.userId)],
);

/**
 * Every refresh token a session has rotated away (SHA-256), recorded in the rotation's own
 * statement. One coming back means the session's tokens leaked: the session ends. The rows go with
 * their session.
 */
export const retiredRefreshTokens = pgTable(
  "retired_refresh_tokens",
  {
    hash: text("hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    retiredAt: tstz("retired_at").notNull().defaultNow(),
  },
  (t) => [index("retired_refresh_tokens_session_idx").on(t.sessionId)],
);
