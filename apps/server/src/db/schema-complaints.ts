import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { helpTickets, users } from "./schema-core.js";

/**
 * The thread of a complaint (help_tickets) after it was filed (DESIGN §5): follow-ups by its
 * owner, replies by admins, and each status change an admin made (kind `status`, with the new
 * status and an optional note). The complaint's own subject and message stay on help_tickets.
 */
export const helpTicketMessages = pgTable(
  "help_ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => helpTickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorType: text("author_type").notNull(),
    kind: text("kind").notNull().default("message"),
    /** The status the complaint moved to, for kind `status`. */
    status: text("status"),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("help_ticket_messages_author_type_check", sql`${t.authorType} in ('user', 'admin')`),
    check(
      "help_ticket_messages_kind_check",
      sql`(${t.kind} = 'message' and ${t.status} is null and length(${t.message}) > 0) or (${t.kind} = 'status' and ${t.status} in ('open', 'in_review', 'resolved', 'closed'))`,
    ),
    index("help_ticket_messages_ticket_idx").on(t.ticketId, t.createdAt),
  ],
);
