import type { FastifyInstance } from "fastify";
import { auditLogQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { listAuditLog } from "./list-audit-log.js";

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/admin/audit-log", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listAuditLog({ db: ctx.db, query: parse(auditLogQuery, req.query) });
  });
}
