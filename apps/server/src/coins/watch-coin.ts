import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { coinWatches } from "../db/schema.js";
import { requireListedCoin } from "./find-coin.js";

/** Adds the coin to the caller's watchlist (price_update notifications); watching twice is one watch. */
export async function watchCoin(options: { db: Db; userId: string; symbol: string }): Promise<void> {
  await requireListedCoin(options.db, options.symbol);
  await options.db.insert(coinWatches).values({ userId: options.userId, coin: options.symbol }).onConflictDoNothing();
}

export async function unwatchCoin(options: { db: Db; userId: string; symbol: string }): Promise<void> {
  await options.db.delete(coinWatches).where(and(eq(coinWatches.userId, options.userId), eq(coinWatches.coin, options.symbol)));
}
