import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { getDashboardSummary } from "./get-dashboard-summary.js";
import { getCoinAnalytics } from "./get-coin-analytics.js";

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/dashboard/summary", async (req) => {
    const user = await ctx.auth.require(req);
    return getDashboardSummary(ctx.db, user);
  });

  app.get("/api/dashboard/coin-analytics", async (req) => {
    await ctx.auth.require(req);
    return { coins: await getCoinAnalytics(ctx.db) };
  });
}
