import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders, users } from "./schema-core.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Realtime events, written in the transaction of the change they describe and published after
 * commit (realtime/append-event.ts). Within one topic, ids grow in commit order (writers of a
 * topic take its advisory lock), so "everything after id N" is a complete resume.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_topic_id_idx").on(t.topic, t.id), index("events_created_idx").on(t.createdAt)],
);

/**
 * What may have changed a user's rights: a session signed out, expired by a write or moved to
 * another user, an account suspended or restored, a role given or taken. Written by triggers on
 * `sessions`, `users` and `user_roles` (migration 0024), so a change made by any writer, the
 * app's or not, is here; the realtime hub reads what is new each second and re-checks those
 * users' sockets (realtime/rights-watch.ts), the safety net behind `publishRightsChanged`.
 * Pruned with the events.
 */
export const rightsChanges = pgTable(
  "rights_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rights_changes_created_idx").on(t.createdAt)],
);

/** How far each participant has read an order's chat (read receipts and unread counts). */
export const chatReads = pgTable(
  "chat_reads",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull(),
    lastReadId: uuid("last_read_id").notNull(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);

/** How far each merchant or admin has read the merchants' group chat (its unread badge, on every device). */
export const merchantChatReads = pgTable("merchant_chat_reads", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull(),
  readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The merchants' group chat (spec §3 merchant_chat_messages). */
export const merchantChatMessages = pgTable(
  "merchant_chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("merchant_chat_messages_created_idx").on(t.createdAt), index("merchant_chat_messages_sender_idx").on(t.senderId, t.createdAt)],
);

/** A support conversation: waiting until an admin answers, open, then closed. One live session per user. */
export const liveChatSessions = pgTable(
  "live_chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("waiting"),
    lastMessageAt: tstz("last_message_at"),
    closedAt: tstz("closed_at"),
    closedBy: uuid("closed_by").references(() => users.id),
    /** The owner has read support's messages up to this seq (the live-chat unread count). */
    ownerReadSeq: bigint("owner_read_seq", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("live_chat_sessions_status_check", sql`${t.status} in ('waiting', 'open', 'closed')`),
    check("live_chat_sessions_closed_check", sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    uniqueIndex("live_chat_sessions_one_live_key")
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index("live_chat_sessions_status_idx").on(t.status, t.createdAt),
  ],
);

export const liveChatMessages = pgTable(
  "live_chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => liveChatSessions.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderType: text("sender_type").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("live_chat_messages_sender_type_check", sql`${t.senderType} in ('admin', 'user')`),
    index("live_chat_messages_session_idx").on(t.sessionId, t.seq),
    index("live_chat_messages_sender_idx").on(t.senderId, t.createdAt),
  ],
);
