import type { FastifyInstance } from "fastify";
import { createNetworkRequest, depositAddressQuery, updateNetworkRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { listNetworks } from "./list-networks.js";
import { getDepositAddress } from "./deposit-address.js";
import { listAllNetworks } from "./list-all-networks.js";
import { updateNetwork } from "./update-network.js";
import { createNetwork } from "./create-network.js";

export async function networkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/networks", async () => ({ networks: await listNetworks(ctx.db) }));

  app.get("/api/wallet/deposit-address", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(depositAddressQuery, req.query);
    return {
      deposit_address: await getDepositAddress({ db: ctx.db, xpub: ctx.config.depositXpub, userId: user.id, coin: q.coin, network: q.network }),
    };
  });

  app.get("/api/admin/networks", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return { networks: await listAllNetworks(ctx.db) };
  });

  app.post("/api/admin/networks", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const input = parse(createNetworkRequest, req.body);
    reply.code(201);
    return { network: await createNetwork({ db: ctx.db, adminId: admin.id, input }) };
  });

  app.patch("/api/admin/networks/:coin/:code", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { coin, code } = req.params as { coin: string; code: string };
    const input = parse(updateNetworkRequest, req.body);
    return { network: await updateNetwork({ db: ctx.db, adminId: admin.id, coin, code, input }) };
  });
}
