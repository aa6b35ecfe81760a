import { COIN_TEXTS, fillTemplate } from "@p2p/shared";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { coins } from "../db/schema.js";
import { AppError } from "../http/errors.js";

export type CoinRow = typeof coins.$inferSelect;

export async function findCoin(db: Db | Tx, symbol: string): Promise<CoinRow | null> {
  const [coin] = await db.select().from(coins).where(eq(coins.symbol, symbol));
  return coin ?? null;
}

/** A coin people may trade and move now: it exists and is listed. */
export async function requireListedCoin(db: Db | Tx, symbol: string): Promise<CoinRow> {
  const coin = await findCoin(db, symbol);
  if (!coin) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: symbol }));
  if (!coin.listed) throw new AppError("COIN_UNAVAILABLE", fillTemplate(COIN_TEXTS.notListed, { coin: symbol }));
  return coin;
}
