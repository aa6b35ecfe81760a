import { sql } from "drizzle-orm";
import { check, customType, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { UPLOAD_ATTACHMENTS, UPLOAD_IMAGE_TYPES } from "@p2p/shared";
import { orders, users } from "./schema.js";
import { chatMessages } from "./schema-trading.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Raw bytes: PGlite gives a Uint8Array, node-postgres a Buffer; both are handed out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Images people upload (uploads/), kept in the database so every server process and both stores
 * serve the same bytes. content_type, width and height come from checking the bytes, never from
 * the client. An upload starts unattached (only its owner may see or attach it); attaching it
 * (chat message, payment proof, appeal evidence) sets attached_to and order_id, and from then on
 * the order's participants and admins may see it.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    attachedTo: text("attached_to"),
    orderId: uuid("order_id").references(() => orders.id),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("uploads_content_type_check", sql`${t.contentType} in (${inList(UPLOAD_IMAGE_TYPES)})`),
    check("uploads_attached_to_check", sql`${t.attachedTo} is null or ${t.attachedTo} in (${inList(UPLOAD_ATTACHMENTS)})`),
    check("uploads_attached_check", sql`(${t.attachedTo} is null) = (${t.attachedAt} is null)`),
    check("uploads_size_check", sql`${t.byteSize} > 0 and ${t.byteSize} = octet_length(${t.data})`),
    // The per-account upload limit counts an owner's recent uploads.
    index("uploads_owner_time_idx").on(t.ownerId, t.createdAt),
    index("uploads_order_idx").on(t.orderId),
  ],
);

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
