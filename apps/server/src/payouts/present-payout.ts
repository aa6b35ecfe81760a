import { formatCoin, parseCoin, type PayoutBatch, type PayoutItem } from "@p2p/shared";
import type { payoutBatches, withdrawals } from "../db/schema.js";

export function presentPayoutBatch(row: typeof payoutBatches.$inferSelect, unpaid: number): PayoutBatch {
  return {
    id: row.id,
    coin: row.coin,
    network: row.network,
    created_by: row.createdBy,
    item_count: row.itemCount,
    total: row.total,
    unpaid,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the signer pays for one withdrawal: its address and receive amount on its network; no key, no user. */
export function presentPayoutItem(row: typeof withdrawals.$inferSelect): PayoutItem {
  return {
    withdrawal_id: row.id,
    network: row.network,
    address: row.address,
    amount: formatCoin(parseCoin(row.amount) - parseCoin(row.networkFee)),
    status: row.status as PayoutItem["status"],
    tx_hash: row.txHash,
  };
}
