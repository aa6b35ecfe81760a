import type { FastifyInstance } from "fastify";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { listNotificationsQuery, markNotificationsReadRequest, type Notification, type NotificationType } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { notifications } from "../db/schema.js";
import { parse } from "../http/parse.js";

/** The caller's own notifications; the realtime capability pushes the same rows live. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/notifications", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(listNotificationsQuery, req.query);
    const mine = eq(notifications.userId, user.id);
    const where = q.unread === "true" ? and(mine, eq(notifications.isRead, false)) : mine;
    const [rows, [total], [unread]] = await Promise.all([
      ctx.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      ctx.db.select({ n: count() }).from(notifications).where(where),
      ctx.db.select({ n: count() }).from(notifications).where(and(mine, eq(notifications.isRead, false))),
    ]);
    return {
      page: q.page,
      page_size: q.page_size,
      total: total!.n,
      unread: unread!.n,
      notifications: rows.map(presentNotification),
    };
  });

  /** Marks the given notifications read, or all of the caller's when no ids are sent. */
  app.post("/api/notifications/read", async (req) => {
    const user = await ctx.auth.require(req);
    const { ids } = parse(markNotificationsReadRequest, req.body);
    const mine = eq(notifications.userId, user.id);
    const updated = await ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(ids ? and(mine, inArray(notifications.id, ids)) : and(mine, eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return { updated: updated.length };
  });
}

export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type as NotificationType,
    is_read: row.isRead,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}
