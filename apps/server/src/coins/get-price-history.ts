import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { orders } from "../db/schema.js";

const MAX_POINTS = 1000;

/** Completed-trade prices of a coin for the /price chart, oldest first. */
export async function getPriceHistory(options: { db: Db; symbol: string; days: number }) {
  const rows = await options.db
    .select({ price: orders.price, coinAmount: orders.coinAmount, completedAt: orders.completedAt })
    .from(orders)
    .where(
      and(
        eq(orders.coin, options.symbol),
        eq(orders.status, "completed"),
        gt(orders.completedAt, sql`now() - make_interval(days => ${options.days})`),
      ),
    )
    .orderBy(asc(orders.completedAt))
    .limit(MAX_POINTS);
  return {
    symbol: options.symbol,
    points: rows.map((r) => ({ price: r.price, coin_amount: r.coinAmount, completed_at: r.completedAt!.toISOString() })),
  };
}
