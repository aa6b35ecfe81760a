import type { FastifyInstance } from "fastify";
import { desc, eq } from "drizzle-orm";
import { createComplaintRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { helpTickets } from "../db/schema.js";
import { parse } from "../http/parse.js";
import { createComplaint, presentComplaint } from "./create-complaint.js";

export async function complaintRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    "/api/complaints",
    { config: { rateLimit: { max: 20, timeWindow: "1 hour" } } },
    async (req, reply) => {
      const user = await ctx.auth.require(req);
      const input = parse(createComplaintRequest, req.body);
      reply.status(201).send(await createComplaint(ctx.db, user.id, input));
    },
  );

  app.get("/api/complaints", async (req) => {
    const user = await ctx.auth.require(req);
    const rows = await ctx.db
      .select()
      .from(helpTickets)
      .where(eq(helpTickets.userId, user.id))
      .orderBy(desc(helpTickets.createdAt))
      .limit(100);
    return { complaints: rows.map(presentComplaint) };
  });
}
