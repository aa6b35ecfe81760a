import { NO_SUCH, type PayoutBatch, type PayoutItem } from "@p2p/shared";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { payoutBatches, withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { requireUuid } from "../wallet/ids.js";
import { presentPayoutBatch, presentPayoutItem } from "./present-payout.js";

const unpaid = sql<number>`(select count(*)::int from withdrawals w where w.batch_id = ${payoutBatches.id} and w.status = 'approved')`;

/** The latest payout batches, newest first, each with how many of its withdrawals still wait for a hash. */
export async function listPayoutBatches(options: { db: Db }): Promise<{ batches: PayoutBatch[] }> {
  const rows = await options.db
    .select({ batch: payoutBatches, unpaid })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(50);
  return { batches: rows.map((r) => presentPayoutBatch(r.batch, r.unpaid)) };
}

/** One batch with its items, in the order the signer pays them. */
export async function getPayoutBatch(options: { db: Db; batchId: string }): Promise<{ batch: PayoutBatch; items: PayoutItem[] }> {
  const { db, batchId } = options;
  requireUuid(batchId, "payoutBatch");
  const [row] = await db.select({ batch: payoutBatches, unpaid }).from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH.payoutBatch);
  const items = await db.select().from(withdrawals).where(eq(withdrawals.batchId, batchId)).orderBy(asc(withdrawals.createdAt), asc(withdrawals.id));
  return { batch: presentPayoutBatch(row.batch, row.unpaid), items: items.map(presentPayoutItem) };
}
