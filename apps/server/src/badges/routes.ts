import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { getBadges } from "./get-badges.js";

/** The navigation's counts (docs/API.md "Badges"); `badges.changed` on `user:<id>` carries the same object after a read. */
export async function badgeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/badges", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return getBadges(ctx.db, user);
  });
}
