import { and, eq, inArray, type SQL } from "drizzle-orm";
import { REALTIME_EVENTS, userTopic } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { appendEvent } from "../realtime/append-event.js";
import { unreadCounts } from "./notify.js";

/**
 * Marks the caller's notifications read (the given ids, all unread ones, or a filter such as an
 * order's new_message rows) and, when any changed, tells the caller's other tabs and devices with
 * `notifications.read` carrying the fresh badge counts.
 */
export async function markNotificationsRead(options: {
  db: Db | Tx;
  userId: string;
  ids: string[] | null;
  where?: SQL;
}): Promise<{ updated: number; unread_counts: { notifications: number; messages: number } }> {
  const { userId, ids } = options;
  return transact(options.db, async (tx) => {
    const mine = and(eq(notifications.userId, userId), eq(notifications.isRead, false));
    const filter = ids ? and(mine, inArray(notifications.id, ids)) : options.where ? and(mine, options.where) : mine;
    const updated =
      ids && ids.length === 0 ? [] : await tx.update(notifications).set({ isRead: true }).where(filter).returning({ id: notifications.id });
    const counts = await unreadCounts(tx, userId);
    if (updated.length > 0) {
      await appendEvent(tx, userTopic(userId), REALTIME_EVENTS.notificationsRead, {
        ids: ids || options.where ? updated.map((u) => u.id) : null,
        unread_counts: counts,
      });
    }
    return { updated: updated.length, unread_counts: counts };
  });
}
