import { sql } from "drizzle-orm";
import { REALTIME_EVENTS, type NotificationDetails, type NotificationType, userTopic } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { coinWatches, notifications } from "../db/schema.js";
import { columnsAs, insertTarget } from "../db/sql-names.js";
import type { NewEvent } from "../realtime/event-types.js";
import { appendEvents } from "../realtime/append-event.js";
import { presentNotification } from "./present-notification.js";

export type NewNotification = {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  orderId?: string | null;
  details?: NotificationDetails | null;
};

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Writes notification rows in the caller's transaction (DESIGN §4: never written by a client),
 * each with its `notification.created` event on the recipient's topic.
 */
export async function notify(tx: Tx, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, orderId: r.orderId ?? null, details: r.details ?? null })))
    .returning();
  await appendEvents(tx, notificationEvents(written));
  return written;
}

/** The `notification.created` event of each row, for its recipient. */
export function notificationEvents(rows: NotificationRow[]): NewEvent[] {
  return rows.map((row) => ({ topic: userTopic(row.userId), type: REALTIME_EVENTS.notificationCreated, payload: presentNotification(row) }));
}

/** Notification rows as raw SQL returns them (snake_case), for statements that insert with a CTE. */
export type RawNotificationRow = {
  id: string;
  user_id: string;
  title: string;
  message: string;
  type: string;
  is_read: boolean;
  order_id: string | null;
  details: unknown;
  created_at: string | Date;
};

/** A RETURNING list giving `RawNotificationRow`s, its names from the schema (db/sql-names.ts). */
export const RAW_NOTIFICATION_COLUMNS = columnsAs(notifications, {
  id: "id",
  user_id: "userId",
  title: "title",
  message: "message",
  type: "type",
  is_read: "isRead",
  order_id: "orderId",
  details: "details",
  created_at: "createdAt",
});

/** The target of a statement inserting notifications without an order (price watchers, live chat). */
export const NOTIFICATION_TARGET = insertTarget(notifications, ["userId", "title", "message", "type"]);

export function fromRawNotification(r: RawNotificationRow): NotificationRow {
  return {
    id: r.id,
    userId: r.user_id,
    title: r.title,
    message: r.message,
    type: r.type,
    isRead: r.is_read,
    orderId: r.order_id,
    details: r.details ?? null,
    createdAt: new Date(r.created_at),
  };
}

/** One price_update row per watcher of the coin, in one statement however many there are. */
export async function notifyWatchers(tx: Tx, input: { coin: string; exceptUserId: string; title: string; message: string }): Promise<void> {
  const rows = await queryRows<RawNotificationRow>(
    tx,
    sql`
    insert into ${sql.raw(NOTIFICATION_TARGET)}
    select ${coinWatches.userId}, ${input.title}, ${input.message}, 'price_update' from ${coinWatches}
    where ${coinWatches.coin} = ${input.coin} and ${coinWatches.userId} <> ${input.exceptUserId}
    returning ${sql.raw(RAW_NOTIFICATION_COLUMNS)}`,
  );
  await appendEvents(tx, notificationEvents(rows.map(fromRawNotification)));
}

/** The caller's two badges (spec §7): unread notifications, and unread message notifications. */
export async function unreadCounts(db: Db | Tx, userId: string): Promise<{ notifications: number; messages: number }> {
  const [row] = await queryRows<{ all: number; messages: number }>(
    db,
    sql`
    select count(*)::int as all,
           count(*) filter (where type in ('new_message', 'group_new_message'))::int as messages
    from notifications where user_id = ${userId} and not is_read`,
  );
  return { notifications: Number(row?.all ?? 0), messages: Number(row?.messages ?? 0) };
}
