import type { Deposit, Withdrawal } from "@p2p/shared";
import type { deposits, withdrawals } from "../db/schema.js";

export function presentDeposit(row: typeof deposits.$inferSelect): Deposit {
  return {
    id: row.id,
    user_id: row.userId,
    coin: row.coin,
    amount: row.amount,
    tx_hash: row.txHash,
    status: row.status as Deposit["status"],
    duplicate_hash: row.duplicateHash,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

export function presentWithdrawal(row: typeof withdrawals.$inferSelect): Withdrawal {
  return {
    id: row.id,
    user_id: row.userId,
    coin: row.coin,
    amount: row.amount,
    address: row.address,
    status: row.status as Withdrawal["status"],
    tx_hash: row.txHash,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
