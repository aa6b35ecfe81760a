import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { MarketplaceRequest, TradeSide } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { orders, profiles } from "../db/schema.js";
import { liveOfferCoins } from "../offers/find-offer.js";

const LIMIT = 100;

/** Open requests a merchant may take now: unassigned, still in their window, for coins they trade. */
export async function listMarketplace(options: { db: Db; merchantId: string }): Promise<MarketplaceRequest[]> {
  const { db, merchantId } = options;
  const coins = await liveOfferCoins(db, merchantId);
  if (coins.length === 0) return [];
  const rows = await db
    .select({ order: orders, profile: profiles })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.creatorId))
    .where(
      and(
        isNull(orders.merchantId),
        eq(orders.status, "pending"),
        inArray(orders.coin, coins),
        ne(orders.creatorId, merchantId),
        gt(orders.acceptBy, sql`now()`),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(LIMIT);
  return rows.map(({ order, profile }) => ({
    id: order.id,
    coin: order.coin,
    side: order.side as TradeSide,
    price: order.price,
    coin_amount: order.coinAmount,
    naira_amount: order.nairaAmount,
    creator: { id: profile.id, username: profile.username, reputation_score: profile.reputationScore, total_trades: profile.totalTrades },
    created_at: order.createdAt.toISOString(),
    accept_by: order.acceptBy!.toISOString(),
  }));
}
