import { bigint, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";

/**
 * A user's linked Telegram chat (DESIGN §4): made by `/start <token>`, removed by `/stop` or
 * DELETE /api/telegram/link. One chat per user and one user per chat. While a row exists, every
 * new notification row of the user queues a `telegram.send` job in the same transaction (a
 * trigger on notifications, migration 0001_telegram).
 */
export const telegramLinks = pgTable("telegram_links", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chatId: bigint("chat_id", { mode: "number" }).notNull().unique(),
  username: text("username"),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
});
