import type { Notification, NotificationDetails, NotificationType } from "@p2p/shared";
import type { notifications } from "../db/schema.js";

/** A notification as its owner sees it, over HTTP and the socket alike. */
export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type as NotificationType,
    is_read: row.isRead,
    order_id: row.orderId,
    details: (row.details as NotificationDetails | null) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
