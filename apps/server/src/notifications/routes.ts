import type { FastifyInstance } from "fastify";
import { and, count, desc, eq } from "drizzle-orm";
import { listNotificationsQuery, markAllNotificationsReadRequest, markNotificationsReadRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { notifications } from "../db/schema.js";
import { parse } from "../http/parse.js";
import { markNotificationsRead } from "./mark-notifications-read.js";
import { unreadCounts } from "./notify.js";
import { presentNotification } from "./present-notification.js";

/** The caller's own notifications; `user:<id>` on the socket carries the same rows live. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/notifications", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(listNotificationsQuery, req.query);
    const mine = eq(notifications.userId, user.id);
    const where = q.unread === "true" ? and(mine, eq(notifications.isRead, false)) : mine;
    const [rows, [total], unread] = await Promise.all([
      ctx.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      ctx.db.select({ n: count() }).from(notifications).where(where),
      unreadCounts(ctx.db, user.id),
    ]);
    return {
      page: q.page,
      page_size: q.page_size,
      total: total!.n,
      unread: unread.notifications,
      notifications: rows.map(presentNotification),
    };
  });

  /** Marks the given notifications read, or all of the caller's when no ids are sent. */
  app.post("/api/notifications/read", async (req) => {
    const user = await ctx.auth.require(req);
    const { ids } = parse(markNotificationsReadRequest, req.body);
    return markNotificationsRead({ db: ctx.db, userId: user.id, ids: ids ?? null });
  });

  app.post("/api/notifications/read-all", async (req) => {
    const user = await ctx.auth.require(req);
    parse(markAllNotificationsReadRequest, req.body);
    return markNotificationsRead({ db: ctx.db, userId: user.id, ids: null });
  });
}
