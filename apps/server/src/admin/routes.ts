import type { FastifyInstance } from "fastify";
import { adminListUsersQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { getAdminOverview } from "./get-admin-overview.js";
import { listAdminUsers } from "./list-admin-users.js";

/** The admin panel's own reads; each domain keeps its admin actions (wallet, orders, coins). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/admin/overview", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return getAdminOverview({ db: ctx.db });
  });

  app.get("/api/admin/users", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listAdminUsers({ db: ctx.db, query: parse(adminListUsersQuery, req.query) });
  });
}
