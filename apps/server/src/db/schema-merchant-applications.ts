import { sql } from "drizzle-orm";
import { check, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";

/** Image bytes; PGlite answers with a Uint8Array and node-postgres with a Buffer, both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Applications to become a merchant (DESIGN §5): one pending per user (partial unique index); an
 * admin approves (the user's role becomes merchant in the same transaction) or rejects with a
 * reason, after which the user may apply again. The ID document image is kept here, checked by
 * content when sent and only ever read back by an admin.
 */
export const merchantApplications = pgTable(
  "merchant_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email").notNull(),
    coins: text("coins").array().notNull(),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    idDocument: bytea("id_document").notNull(),
    idDocumentType: text("id_document_type").notNull(),
    agreementAcceptedAt: timestamp("agreement_accepted_at", { withTimezone: true }).notNull(),
    rejectReason: text("reject_reason"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("merchant_applications_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex("merchant_applications_one_pending_key")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("merchant_applications_user_idx").on(t.userId, t.createdAt),
    index("merchant_applications_queue_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
