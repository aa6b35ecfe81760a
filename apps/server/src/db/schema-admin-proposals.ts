import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";

/**
 * An admin role one admin proposed for an account, waiting for a second admin to approve it:
 * four eyes on who may move the platform's money, so no admin makes a second account of their
 * own an admin to approve their own deposits and withdrawals. One proposal per account.
 */
export const adminProposals = pgTable("admin_proposals", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  proposedBy: uuid("proposed_by")
    .notNull()
    .references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
