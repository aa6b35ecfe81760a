import type { FastifyInstance } from "fastify";
import { depositAddressQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { listNetworks } from "./list-networks.js";
import { getDepositAddress } from "./deposit-address.js";

export async function networkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/networks", async () => ({ networks: await listNetworks(ctx.db) }));

  app.get("/api/wallet/deposit-address", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(depositAddressQuery, req.query);
    return {
      deposit_address: await getDepositAddress({ db: ctx.db, xpub: ctx.config.depositXpub, userId: user.id, coin: q.coin, network: q.network }),
    };
  });
}
