import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Work that one process at a time may do across every process on the database (Telegram's long
 * polling; a chain watcher later): the holder renews its lease before it expires, and another
 * process takes it over once it has (db/lease.ts).
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
