import type { FastifyInstance } from "fastify";
import { buildLiabilitiesRequest, emptyRequest, liabilityProofQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { buildLiabilitySnapshots } from "./build-liability-snapshot.js";
import { getReserves } from "./get-reserves.js";
import { getLiabilityProof, listLiabilityRoots } from "./liability-proof.js";
import { readOnchainBalances } from "./read-onchain-balances.js";

export async function reserveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/admin/reserves", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return getReserves({ db: ctx.db, config: ctx.config });
  });

  app.post("/api/admin/reserves/read", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    parse(emptyRequest, req.body);
    const reads = await readOnchainBalances({ db: ctx.db, config: ctx.config });
    return { ...(await getReserves({ db: ctx.db, config: ctx.config })), reads };
  });

  app.post("/api/admin/liabilities", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { coin } = parse(buildLiabilitiesRequest, req.body);
    const roots = await buildLiabilitySnapshots({ db: ctx.db, adminId: admin.id, coin });
    return reply.status(201).send({ roots });
  });

  app.get("/api/liabilities", async () => ({ roots: await listLiabilityRoots(ctx.db) }));

  app.get("/api/wallet/liability-proof", async (req) => {
    const user = await ctx.auth.require(req);
    const { coin } = parse(liabilityProofQuery, req.query);
    return { proof: await getLiabilityProof({ db: ctx.db, userId: user.id, coin }) };
  });
}
