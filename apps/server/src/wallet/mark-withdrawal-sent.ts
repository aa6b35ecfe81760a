import type { Withdrawal } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { reviewedNow } from "./review.js";
import { requireApprovals } from "./second-approval.js";
import { settleWithdrawal } from "./settle-withdrawal.js";

/**
 * An admin sent the coins on chain: pending → sent, withdrawing → custody, with the transaction
 * hash. Never the owner; above the coin's two-admin amount, only once two other admins approved.
 */
export function markWithdrawalSent(options: {
  db: Db | Tx;
  adminId: string;
  withdrawalId: string;
  txHash: string;
  twoAdminsAbove: string;
}): Promise<Withdrawal> {
  return settleWithdrawal(
    { db: options.db, actorId: options.adminId, reviewerId: options.adminId, withdrawalId: options.withdrawalId },
    {
      status: "sent",
      transfer: "withdrawal_sent",
      set: { txHash: options.txHash, ...reviewedNow(options.adminId) },
      audit: { tx_hash: options.txHash },
      guard: (tx, row) => requireApprovals(tx, options.twoAdminsAbove, row),
    },
  );
}
