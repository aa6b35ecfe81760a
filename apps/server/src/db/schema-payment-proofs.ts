import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders, users } from "./schema-core.js";
import { chatMessages } from "./schema-trading.js";
import { uploads } from "./schema-uploads.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A buyer's proof of the naira transfer of an order ("payment tickets": merchants see theirs at
 * /tickets, admins all at /tickets-payment-view). One row per image; amount and reference are
 * what the buyer typed, unchecked. message_id is the image message that shows it in the chat.
 */
export const paymentProofs = pgTable(
  "payment_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    amount: numeric("amount", { precision: 20, scale: 2 }),
    reference: text("reference"),
    messageId: uuid("message_id").references(() => chatMessages.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_proofs_upload_key").on(t.uploadId),
    index("payment_proofs_order_idx").on(t.orderId, t.createdAt),
    index("payment_proofs_time_idx").on(t.createdAt),
    check("payment_proofs_amount_check", sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
