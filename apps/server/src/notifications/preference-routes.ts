import type { FastifyInstance } from "fastify";
import { updateNotificationPreferencesRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { loadNotificationPreferences } from "./preferences.js";
import { updateNotificationPreferences } from "./update-notification-preferences.js";

/** The caller's delivery preferences: which live channels carry each notification type. */
export async function notificationPreferenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/notification-preferences", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return { preferences: await loadNotificationPreferences(ctx.db, user.id) };
  });

  app.put("/api/notification-preferences", async (req) => {
    const user = await ctx.auth.require(req);
    const { preferences } = parse(updateNotificationPreferencesRequest, req.body);
    return { preferences: await updateNotificationPreferences({ db: ctx.db, userId: user.id, changes: preferences }) };
  });
}
