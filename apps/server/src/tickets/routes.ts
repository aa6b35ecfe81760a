import type { FastifyInstance } from "fastify";
import { adminListTicketsQuery, listTicketsQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { listAllTickets, listMerchantTickets } from "./list-tickets.js";

/** Payment tickets: the buyers' proofs of payment, for merchants (/tickets) and admins (/tickets-payment-view). */
export async function ticketRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/tickets", async (req) => {
    const user = await ctx.auth.requireRole(req, "merchant");
    return listMerchantTickets({ db: ctx.db, caller: user, query: parse(listTicketsQuery, req.query) });
  });

  app.get("/api/admin/tickets", async (req) => {
    const user = await ctx.auth.requireRole(req, "admin");
    return listAllTickets({ db: ctx.db, caller: user, query: parse(adminListTicketsQuery, req.query) });
  });
}
