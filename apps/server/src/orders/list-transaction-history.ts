import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { transactionHistoryQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { transactionHistory } from "../db/schema.js";

/** The caller's own transaction history (/transaction-history), newest completion first. */
export async function listTransactionHistory(options: { db: Db; userId: string; query: z.output<typeof transactionHistoryQuery> }) {
  const { db, userId, query } = options;
  const filters: SQL[] = [eq(transactionHistory.userId, userId)];
  if (query.coin) filters.push(eq(transactionHistory.cryptoType, query.coin));
  if (query.type) filters.push(eq(transactionHistory.transactionType, query.type));
  if (query.status) filters.push(eq(transactionHistory.status, query.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactionHistory)
      .where(where)
      .orderBy(sql`${transactionHistory.completedAt} desc nulls last`, desc(transactionHistory.createdAt))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(transactionHistory).where(where),
  ]);
  return {
    page: query.page,
    page_size: query.page_size,
    total: total!.n,
    transactions: rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      crypto_type: r.cryptoType,
      transaction_type: r.transactionType as "buy" | "sell",
      amount: r.amount,
      total_amount: r.totalAmount,
      status: r.status,
      completed_at: r.completedAt?.toISOString() ?? null,
    })),
  };
}
