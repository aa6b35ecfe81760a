import type { FastifyInstance, FastifyRequest } from "fastify";
import { asc } from "drizzle-orm";
import { coinSymbolSchema, priceHistoryQuery, updateCoinRequest, NO_SUCH } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { coins } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { parse } from "../http/parse.js";
import { getPriceHistory } from "./get-price-history.js";
import { listCoins } from "./list-coins.js";
import { presentAdminCoins, updateCoin } from "./update-coin.js";
import { unwatchCoin, watchCoin } from "./watch-coin.js";

/** The coin in the path, or 404 for a symbol that is not one of ours. */
export function symbolParam(req: FastifyRequest): string {
  const parsed = coinSymbolSchema.safeParse((req.params as { symbol?: string }).symbol);
  if (!parsed.success) throw new AppError("NOT_FOUND", NO_SUCH.coin);
  return parsed.data;
}

export async function coinRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Prices are public; signed-in callers also learn which coins they watch.
  app.get("/api/coins", async (req) => {
    const viewer = await ctx.auth.current(req);
    return { coins: await listCoins({ db: ctx.db, viewerId: viewer?.id ?? null }) };
  });

  app.get("/api/coins/:symbol/price-history", async (req) => {
    const { days } = parse(priceHistoryQuery, req.query);
    return getPriceHistory({ db: ctx.db, symbol: symbolParam(req), days });
  });

  app.post("/api/coins/:symbol/watch", async (req, reply) => {
    const user = await ctx.auth.require(req);
    await watchCoin({ db: ctx.db, userId: user.id, symbol: symbolParam(req) });
    return reply.status(204).send();
  });

  app.delete("/api/coins/:symbol/watch", async (req, reply) => {
    const user = await ctx.auth.require(req);
    await unwatchCoin({ db: ctx.db, userId: user.id, symbol: symbolParam(req) });
    return reply.status(204).send();
  });

  app.get("/api/admin/coins", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    const rows = await ctx.db.select().from(coins).orderBy(asc(coins.sortOrder));
    return { coins: await presentAdminCoins(ctx.db, rows) };
  });

  app.patch("/api/admin/coins/:symbol", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const input = parse(updateCoinRequest, req.body);
    return { coin: await updateCoin({ db: ctx.db, adminId: admin.id, symbol: symbolParam(req), input }) };
  });
}
