import { WALLET_TEXTS, fillTemplate, formatCoin, parseCoin, type PayoutBatch } from "@p2p/shared";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { payoutBatches, withdrawals } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { requireNetwork } from "../networks/find-network.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { auditReview } from "../wallet/review.js";
import { presentPayoutBatch } from "./present-payout.js";

/**
 * An admin hands a network's approved withdrawals not yet in a batch to the external signer:
 * one payout_batches row, each withdrawal's batch_id set, audited. Locked rows are taken as they
 * are (two admins batching at once split them; none is in two batches). From now on they can no
 * longer be rejected: the signer may be paying them.
 */
export async function createPayoutBatch(options: { db: Db | Tx; adminId: string; coin: string; network: string }): Promise<PayoutBatch> {
  const { db, adminId, coin } = options;
  const network = await requireNetwork(db, coin, options.network);
  return transact(db, async (tx) => {
    const ready = and(
      eq(withdrawals.coin, coin),
      eq(withdrawals.network, network.code),
      eq(withdrawals.status, "approved"),
      isNull(withdrawals.batchId),
    );
    const rows = await tx
      .select()
      .from(withdrawals)
      .where(ready)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .for("update", { skipLocked: true });
    if (rows.length === 0) throw new AppError("CONFLICT", fillTemplate(WALLET_TEXTS.nothingToBatch, { coin, network: network.name }));
    const total = rows.reduce((sum, w) => sum + parseCoin(w.amount) - parseCoin(w.networkFee), 0n);
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ coin, network: network.code, createdBy: adminId, itemCount: rows.length, total: formatCoin(total) })
      .returning();
    await tx
      .update(withdrawals)
      .set({ batchId: batch!.id })
      .where(sql`${withdrawals.id} in ${rows.map((w) => w.id)}`);
    await auditReview(tx, adminId, "payout_batch.created", "payout_batch", batch!.id, {
      coin,
      network: network.code,
      items: rows.length,
      total: batch!.total,
      withdrawal_ids: rows.map((w) => w.id),
    });
    await adminQueueChanged(tx, "withdrawals");
    return presentPayoutBatch(batch!, rows.length);
  });
}
