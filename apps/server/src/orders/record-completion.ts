import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { profiles, transactionHistory } from "../db/schema.js";
import type { OrderRow } from "./order-actors.js";

/**
 * What a completed trade leaves behind (DESIGN §3): a transaction_history row for each party from
 * their own side, and total_trades + 1 for both (profile rows locked in id order, so two
 * completions between the same people never deadlock).
 */
export async function recordCompletion(tx: Tx, order: OrderRow): Promise<void> {
  const buyerId = order.buyerId!;
  const sellerId = order.sellerId!;
  const base = {
    orderId: order.id,
    cryptoType: order.coin,
    amount: order.coinAmount,
    totalAmount: order.nairaAmount,
    status: "completed",
    completedAt: order.completedAt ?? new Date(),
  };
  await tx
    .insert(transactionHistory)
    .values([
      { ...base, userId: buyerId, transactionType: "buy" },
      { ...base, userId: sellerId, transactionType: "sell" },
    ])
    .onConflictDoNothing();
  for (const id of [buyerId, sellerId].sort()) {
    await tx.update(profiles).set({ totalTrades: sql`${profiles.totalTrades} + 1` }).where(eq(profiles.id, id));
  }
}
