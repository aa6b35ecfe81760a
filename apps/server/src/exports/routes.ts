import type { FastifyInstance, FastifyReply } from "fastify";
import { auditLogExportQuery, ledgerEntriesExportQuery, transactionsExportQuery, usersExportQuery, type ExportKind } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { auditLogExport } from "./audit-log-export.js";
import type { CsvExport } from "./csv-export.js";
import { downloadExport, exportFilename } from "./download-export.js";
import { ledgerEntriesExport } from "./ledger-entries-export.js";
import { transactionsExport } from "./transactions-export.js";
import { usersExport } from "./users-export.js";

/** The admins' CSV downloads: each list's filters in the query string, the file streamed. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const send = async (reply: FastifyReply, adminId: string, kind: ExportKind, filters: Record<string, unknown>, source: CsvExport) => {
    const stream = await downloadExport({ db: ctx.db, config: ctx.config, adminId, kind, filters, source });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFilename(kind)}"`)
      .header("cache-control", "no-store")
      .send(stream);
  };

  app.get("/api/admin/exports/users", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const query = parse(usersExportQuery, req.query);
    return send(reply, admin.id, "users", query, usersExport(ctx.db, query));
  });

  app.get("/api/admin/exports/audit-log", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const query = parse(auditLogExportQuery, req.query);
    return send(reply, admin.id, "audit-log", query, await auditLogExport(ctx.db, query));
  });

  app.get("/api/admin/exports/ledger-entries", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const query = parse(ledgerEntriesExportQuery, req.query);
    return send(reply, admin.id, "ledger-entries", query, await ledgerEntriesExport(ctx.db, query));
  });

  app.get("/api/admin/exports/transactions", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const query = parse(transactionsExportQuery, req.query);
    return send(reply, admin.id, "transactions", query, await transactionsExport(ctx.db, query));
  });
}
