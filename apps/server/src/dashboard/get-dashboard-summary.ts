import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { OPEN_STATUSES, RECENT_ACTIVITY_LIMIT, type DashboardSummary, type Role } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { orders, profiles, transactionHistory } from "../db/schema.js";
import { pendingOrderCount } from "../orders/pending-order-count.js";

/** The dashboard tiles and Recent Activity, by the rules of spec §6. */
export async function getDashboardSummary(db: Db, user: { id: string; role: Role }): Promise<DashboardSummary> {
  const participant = or(eq(orders.creatorId, user.id), eq(orders.merchantId, user.id), eq(orders.buyerId, user.id), eq(orders.sellerId, user.id));

  const [activeOrders, completed, profile, activeChats, recent] = await Promise.all([
    pendingOrderCount(db, user),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionHistory)
      .where(and(eq(transactionHistory.userId, user.id), eq(transactionHistory.status, "completed"))),
    db.select({ score: profiles.reputationScore }).from(profiles).where(eq(profiles.id, user.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(participant, inArray(orders.status, [...OPEN_STATUSES]))),
    db
      .select()
      .from(transactionHistory)
      .where(and(eq(transactionHistory.userId, user.id), eq(transactionHistory.status, "completed")))
      .orderBy(desc(transactionHistory.completedAt))
      .limit(RECENT_ACTIVITY_LIMIT),
  ]);

  return {
    active_orders: activeOrders,
    completed_trades: completed[0]?.n ?? 0,
    reputation_score: profile[0]?.score ?? "0.00",
    active_chats: activeChats[0]?.n ?? 0,
    recent_activity: recent.map((r) => ({
      id: r.id,
      crypto_type: r.cryptoType,
      transaction_type: r.transactionType as "buy" | "sell",
      amount: r.amount,
      total_amount: r.totalAmount,
      status: r.status,
      completed_at: r.completedAt?.toISOString() ?? null,
    })),
  };
}
