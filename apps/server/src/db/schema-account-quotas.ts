import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";

/**
 * Per-account limits (http/account-quota.ts): one row per account and limit, the window it is in
 * and how much of it was asked for. Taken by the `take_account_quota` SQL function (migration
 * 0014), one atomic upsert, inside the transaction or statement that writes what it counts.
 */
export const accountQuotas = pgTable(
  "account_quotas",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
