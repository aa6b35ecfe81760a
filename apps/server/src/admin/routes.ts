import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminListUsersQuery, changeUserRoleRequest, emptyRequest, reviewReasonRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { windowsFrom } from "../orders/order-windows.js";
import { changeUserRole } from "./change-user-role.js";
import { withdrawAdminProposal } from "./admin-proposals.js";
import { getAdminOverview } from "./get-admin-overview.js";
import { getAdminUser } from "./get-admin-user.js";
import { listAdminUsers } from "./list-admin-users.js";
import { restoreUser } from "./restore-user.js";
import { suspendUser } from "./suspend-user.js";
import { publishRightsChanged } from "../realtime/rights.js";

const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;

/** The admin panel's reads and its actions on accounts; other admin actions stay in their domains. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const windows = windowsFrom(ctx.config);

  app.get("/api/admin/overview", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return getAdminOverview({ db: ctx.db });
  });

  app.get("/api/admin/users", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listAdminUsers({ db: ctx.db, query: parse(adminListUsersQuery, req.query) });
  });

  app.get("/api/admin/users/:id", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return getAdminUser({ db: ctx.db, userId: idParam(req) });
  });

  app.post("/api/admin/users/:id/role", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { role } = parse(changeUserRoleRequest, req.body);
    const answer = await changeUserRole({ db: ctx.db, adminId: admin.id, userId: idParam(req), role });
    publishRightsChanged(ctx, idParam(req));
    return answer;
  });

  app.delete("/api/admin/users/:id/admin-proposal", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    return withdrawAdminProposal({ db: ctx.db, adminId: admin.id, userId: idParam(req) });
  });

  app.post("/api/admin/users/:id/suspend", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { reason } = parse(reviewReasonRequest, req.body);
    const answer = await suspendUser({ db: ctx.db, adminId: admin.id, userId: idParam(req), reason, windows });
    publishRightsChanged(ctx, idParam(req));
    return answer;
  });

  app.post("/api/admin/users/:id/restore", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    parse(emptyRequest, req.body);
    await restoreUser({ db: ctx.db, adminId: admin.id, userId: idParam(req) });
    return getAdminUser({ db: ctx.db, userId: idParam(req) });
  });
}
