import { explorerTxUrl, formatCoin, parseCoin, type Deposit, type Withdrawal } from "@p2p/shared";
import type { deposits, networks, withdrawals } from "../db/schema.js";

/** What a deposit or withdrawal shows of its network: the explorer link and the confirmations it needs. */
export type NetworkFacts = Pick<typeof networks.$inferSelect, "explorerTxUrl" | "confirmations">;

export function presentDeposit(row: typeof deposits.$inferSelect, network: NetworkFacts | null = null): Deposit {
  return {
    id: row.id,
    user_id: row.userId,
    coin: row.coin,
    network: row.network,
    amount: row.amount,
    tx_hash: row.txHash,
    log_index: row.logIndex,
    source: row.source,
    status: row.status as Deposit["status"],
    confirmations: row.confirmations,
    confirmations_required: row.source === "chain" && network ? network.confirmations : null,
    sender_address: row.senderAddress,
    memo: row.memo,
    to_address: row.toAddress,
    explorer_url: explorerTxUrl(network?.explorerTxUrl ?? null, row.txHash),
    reorged: row.reorgedAt !== null,
    duplicate_hash: row.duplicateHash,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

export function presentWithdrawal(row: typeof withdrawals.$inferSelect, network: NetworkFacts | null = null): Withdrawal {
  return {
    id: row.id,
    user_id: row.userId,
    coin: row.coin,
    network: row.network,
    amount: row.amount,
    network_fee: row.networkFee,
    receive_amount: formatCoin(parseCoin(row.amount) - parseCoin(row.networkFee)),
    address: row.address,
    status: row.status as Withdrawal["status"],
    batch_id: row.batchId,
    tx_hash: row.txHash,
    hash_problem: row.hashProblem,
    explorer_url: row.txHash ? explorerTxUrl(network?.explorerTxUrl ?? null, row.txHash) : null,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
