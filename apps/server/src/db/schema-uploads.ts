import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { UPLOAD_ATTACHMENTS, UPLOAD_IMAGE_TYPES } from "@p2p/shared";
import { orders, users } from "./schema-core.js";

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
