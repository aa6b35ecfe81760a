import type { FastifyInstance } from "fastify";
import { asc, eq } from "drizzle-orm";
import { listOffersQuery, upsertOfferRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { offers } from "../db/schema.js";
import { symbolParam } from "../coins/routes.js";
import { parse } from "../http/parse.js";
import { feeFreeUntil } from "../fees/order-fee.js";
import { listOffers } from "./list-offers.js";
import { presentOffer, upsertOffer } from "./upsert-offer.js";

export async function offerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.put("/api/offers/:symbol", async (req) => {
    const merchant = await ctx.auth.requireRole(req, "merchant");
    const input = parse(upsertOfferRequest, req.body);
    return { offer: await upsertOffer({ db: ctx.db, merchantId: merchant.id, coin: symbolParam(req), input }) };
  });

  app.get("/api/offers/mine", async (req) => {
    const merchant = await ctx.auth.requireRole(req, "merchant");
    const rows = await ctx.db.select().from(offers).where(eq(offers.merchantId, merchant.id)).orderBy(asc(offers.coin));
    return { offers: rows.map(presentOffer), fee_free_until: await feeFreeUntil(ctx.db, merchant.id) };
  });

  app.get("/api/offers", async (req) => {
    const viewer = await ctx.auth.require(req);
    const { coin, side } = parse(listOffersQuery, req.query);
    return { offers: await listOffers({ db: ctx.db, coin, side, viewerId: viewer.id }) };
  });
}
