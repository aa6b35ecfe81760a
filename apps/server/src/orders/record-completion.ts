import { sql } from "drizzle-orm";
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
  // One statement: the rows are locked in id order by the ordered FOR UPDATE, as two updates in
  // sorted order would, so two completions between the same people never deadlock.
  const [first, second] = [buyerId, sellerId].sort();
  await tx.execute(sql`
    with locked as (select id from ${profiles} where id in (${first}, ${second}) order by id for update)
    update ${profiles} set total_trades = ${profiles.totalTrades} + 1 from locked where ${profiles.id} = locked.id`);
}
