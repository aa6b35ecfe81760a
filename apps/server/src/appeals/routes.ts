import type { FastifyInstance, FastifyRequest } from "fastify";
import { addAppealEvidenceRequest, listAppealsQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { addEvidence } from "./add-evidence.js";
import { getAppeal } from "./get-appeal.js";
import { listAppeals } from "./list-appeals.js";

const orderId = (req: FastifyRequest) => (req.params as { orderId: string }).orderId;

/** /appeals reads and evidence; opening, withdrawing and resolving stay in orders/. */
export async function appealRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/appeals", async (req) => {
    const user = await ctx.auth.require(req);
    return listAppeals({ db: ctx.db, caller: user, query: parse(listAppealsQuery, req.query) });
  });

  app.get("/api/appeals/:orderId", async (req) => {
    const user = await ctx.auth.require(req);
    return getAppeal({ db: ctx.db, caller: user, orderId: orderId(req) });
  });

  app.post("/api/appeals/:orderId/evidence", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { upload_ids } = parse(addAppealEvidenceRequest, req.body);
    reply.status(201).send(await addEvidence({ db: ctx.db, caller: user, orderId: orderId(req), uploadIds: upload_ids }));
  });
}
